import Model
/// Random bytes for install ids and tokens, from the standard library's system generator (on
/// Linux the kernel's, through getrandom(2)): never a seeded generator.
enum SecureRandom {
    static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<max(0, count)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}

/// SplitMix64: a tiny, fast generator whose output depends on the seed alone, so the catalog
/// is the same on every run and every machine (SystemRandomNumberGenerator is not seedable).
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in 0..<bound (bound > 0).
    package mutating func below(_ bound: Int) -> Int {
        Int(next(upperBound: UInt64(max(1, bound))))
    }

    /// `count` characters drawn from `alphabet`.
    package mutating func string(_ count: Int, from alphabet: [Character]) -> String {
        String((0..<count).map { _ in alphabet[below(alphabet.count)] })
    }

    package static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    package static let lowercaseAlphanumerics = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    package static let hexDigits = Array("0123456789abcdef")
}

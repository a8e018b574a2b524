/// A short fingerprint of an API key, to tell keys apart in cache keys without storing the key.
/// 32 bits of a 64-bit FNV-1a hash: enough to separate the keys one install ever uses, and far too
/// few to narrow down a 32-character key (about 2^158 such keys share each fingerprint).
enum KeyFingerprint {
    static func of(_ key: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash >> 32, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}

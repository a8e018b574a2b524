/// A token secret's SHA-256, held inline as four words: kept per install in memory and read on
/// every request with a token, it counts no references (an array's count was shared by every
/// request of the install, on every loop) and is compared without bounds checks.
struct TokenHash: Sendable {
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// Nil unless `bytes` is a digest's length (a stored row could hold anything).
    init?(_ bytes: [UInt8]) {
        guard bytes.count == SHA256.digestBytes else { return nil }
        self = bytes.withUnsafeBytes(Self.init(digest:))
    }

    /// The hash of `secret`, its digest written on the stack.
    init(of secret: UnsafeRawBufferPointer) {
        self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: SHA256.digestBytes) { digest in
            SHA256.hash(secret, into: digest)
            return Self(digest: UnsafeRawBufferPointer(digest))
        }
    }

    private init(digest: UnsafeRawBufferPointer) {
        func word(_ index: Int) -> UInt64 { digest.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
        words = (word(0), word(1), word(2), word(3))
    }

    /// Equal hashes, in time that does not depend on where they differ: every word is looked at.
    func matches(_ other: TokenHash) -> Bool {
        let difference = (words.0 ^ other.words.0) | (words.1 ^ other.words.1) | (words.2 ^ other.words.2)
            | (words.3 ^ other.words.3)
        return difference == 0
    }
}

/// SHA-256 (FIPS 180-4), for install tokens: the server keeps only the hash of each token.
/// Written here rather than linked from libcrypto so the build needs no further native library;
/// tokens are short (one or two blocks), so it allocates nothing but the digest.
public enum SHA256 {
    public static let digestBytes = 32

    public static func hash(_ text: some StringProtocol) -> [UInt8] {
        var copy = String(text)
        return copy.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { hash($0) }
    }

    public static func hash(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
                let whole = message.count / 64
                for block in 0..<whole {
                    compress(&state, UnsafeRawBufferPointer(rebasing: message[(block * 64)..<(block * 64 + 64)]), schedule)
                }
                // The rest, 0x80, zeros, then the length in bits: one more block, or two when the
                // rest leaves no room for the length.
                let rest = message.count - whole * 64
                let tailBlocks = rest < 56 ? 1 : 2
                let tailBytes = UnsafeMutableRawBufferPointer(tail)
                tailBytes.initializeMemory(as: UInt8.self, repeating: 0)
                for index in 0..<rest { tailBytes[index] = message[whole * 64 + index] }
                tailBytes[rest] = 0x80
                let bitLength = UInt64(message.count) &* 8
                for index in 0..<8 {
                    tailBytes[tailBlocks * 64 - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(index)))
                }
                for block in 0..<tailBlocks {
                    compress(&state, UnsafeRawBufferPointer(rebasing: tailBytes[(block * 64)..<(block * 64 + 64)]), schedule)
                }
            }
        }
        var digest = [UInt8](repeating: 0, count: digestBytes)
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        for (index, word) in words.enumerated() {
            digest[index * 4] = UInt8(truncatingIfNeeded: word >> 24)
            digest[index * 4 + 1] = UInt8(truncatingIfNeeded: word >> 16)
            digest[index * 4 + 2] = UInt8(truncatingIfNeeded: word >> 8)
            digest[index * 4 + 3] = UInt8(truncatingIfNeeded: word)
        }
        return digest
    }

    private static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
                                 _ block: UnsafeRawBufferPointer, _ w: UnsafeMutableBufferPointer<UInt32>) {
        for t in 0..<16 {
            w[t] = UInt32(block[t * 4]) << 24 | UInt32(block[t * 4 + 1]) << 16 | UInt32(block[t * 4 + 2]) << 8 | UInt32(block[t * 4 + 3])
        }
        for t in 16..<64 {
            let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for t in 0..<64 {
            let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ sum1 &+ choice &+ roundConstants[t] &+ w[t]
            let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = sum0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ temp1
            d = c
            c = b
            b = a
            a = temp1 &+ temp2
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }

    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}

import COpenSSL

/// The operator's token for the admin routes (`GIF_BFF_ADMIN_TOKEN`), kept only as its SHA-256.
/// A token presented is hashed and the two digests compared by OpenSSL's `CRYPTO_memcmp`, in time
/// that depends neither on where they differ nor on the token's length (a digest is always 32 bytes).
package struct AdminToken: Sendable {
    private let digest: [UInt8]

    package init(_ secret: String) {
        digest = SHA256.hash(secret)
    }

    /// Whether `presented` is the token.
    package func opens(_ presented: some StringProtocol) -> Bool {
        let other = SHA256.hash(presented)
        return digest.withUnsafeBytes { mine in
            other.withUnsafeBytes { theirs in CRYPTO_memcmp(mine.baseAddress, theirs.baseAddress, SHA256.digestBytes) == 0 }
        }
    }
}

import Model
import COpenSSL

/// SHA-256, for install tokens: the server keeps only the hash of each token. OpenSSL's libcrypto
/// computes it (`EVP_Digest`), as for the TLS under every upstream call.
package enum SHA256 {
    package static let digestBytes = 32

    /// The algorithm fetched from libcrypto once. Given `EVP_sha256()` instead, OpenSSL 3 looks the
    /// algorithm up again in every `EVP_Digest` (248 ns against 94 for a token's 43-byte secret);
    /// the one-shot `SHA256()` looks it up too (284 ns). Nil if the fetch fails: then the lookup
    /// per call. nonisolated(unsafe): the pointer is written once, by the lazy initialiser, and a
    /// fetched EVP_MD is immutable and may be used by any number of threads at once (OpenSSL's
    /// openssl-threads(7)); it is never freed.
    nonisolated(unsafe) private static let fetched: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)

    package static func hash(_ text: some StringProtocol) -> [UInt8] {
        digest { hash(text, into: $0) }
    }

    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { message in digest { hash(message, into: $0) } }
    }

    /// The digest of `text`'s UTF-8 written to `digest`, from the text's own bytes where they are
    /// contiguous (a native string's are), so hashing a token's secret copies nothing.
    package static func hash(_ text: some StringProtocol, into digest: UnsafeMutableBufferPointer<UInt8>) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hash(UnsafeRawBufferPointer($0), into: digest) }
        if hashed == nil { Array(text.utf8).withUnsafeBytes { hash($0, into: digest) } }
    }

    private static func digest(_ write: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: digestBytes) { digest, count in
            write(digest)
            count = digestBytes
        }
    }

    /// The digest of `message` written to the first `digestBytes` of `digest` (which has room for them).
    package static func hash(_ message: UnsafeRawBufferPointer, into digest: UnsafeMutableBufferPointer<UInt8>) {
        precondition(digest.count >= digestBytes, "a SHA-256 digest needs 32 bytes")
        var length: UInt32 = 0
        // An empty message still needs a valid pointer for libcrypto.
        let empty: UInt8 = 0
        let succeeded = withUnsafePointer(to: empty) { emptyPointer in
            EVP_Digest(message.baseAddress ?? UnsafeRawPointer(emptyPointer), message.count,
                       digest.baseAddress, &length, fetched ?? EVP_sha256(), nil)
        }
        // EVP_Digest fails only without memory or with a libcrypto built without SHA-256: neither
        // is anything a request can bring about.
        precondition(succeeded == 1 && length == UInt32(digestBytes), "libcrypto could not compute SHA-256")
    }
}

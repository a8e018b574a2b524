import Model
import COpenSSL

/// SHA-256, for install tokens: the server keeps only the hash of each token. OpenSSL's libcrypto
/// computes it, as for the TLS under every upstream call, on a context on the stack (the COpenSSL
/// shim's `c_openssl_sha256`: no allocation per hash).
package enum SHA256 {
    package static let digestBytes = 32

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
        // An empty message still needs a valid pointer for libcrypto.
        let empty: UInt8 = 0
        let succeeded = withUnsafePointer(to: empty) { emptyPointer in
            c_openssl_sha256(message.baseAddress ?? UnsafeRawPointer(emptyPointer), message.count, digest.baseAddress)
        }
        // The low-level SHA-256 fails only for a null context or digest, neither of which it is given:
        // nothing a request can bring about.
        precondition(succeeded == 1, "libcrypto could not compute SHA-256")
    }
}

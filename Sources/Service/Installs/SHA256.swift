import Model
import COpenSSL

/// SHA-256, for install tokens: the server keeps only the hash of each token. OpenSSL's libcrypto
/// computes it (`EVP_Digest`), as for the TLS under every upstream call.
package enum SHA256 {
    package static let digestBytes = 32

    package static func hash(_ text: some StringProtocol) -> [UInt8] {
        var copy = String(text)
        return copy.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { hash($0) }
    }

    package static func hash(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: digestBytes)
        var length: UInt32 = 0
        // An empty message still needs a valid pointer for libcrypto.
        let empty: UInt8 = 0
        let succeeded = withUnsafePointer(to: empty) { emptyPointer in
            digest.withUnsafeMutableBufferPointer { out in
                EVP_Digest(message.baseAddress ?? UnsafeRawPointer(emptyPointer), message.count, out.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        // EVP_Digest fails only without memory or with a libcrypto built without SHA-256: neither
        // is anything a request can bring about.
        precondition(succeeded == 1 && length == UInt32(digestBytes), "libcrypto could not compute SHA-256")
        return digest
    }
}

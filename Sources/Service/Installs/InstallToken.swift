import Model
/// The secret an app presents as `Authorization: Bearer <token>`: its install's id, a dot, and
/// 256 random bits in base64url (43 characters), 76 characters in all. The id says which install
/// to check (no lookup by secret); the server keeps only the SHA-256 of the secret and compares
/// hashes in constant time. Printing a token never shows its secret.
package struct InstallToken: Sendable, CustomStringConvertible {
    package let install: InstallID
    /// The secret's SHA-256, taken as the token is read (every token read is checked): the secret
    /// itself is not kept, nor the text it came in.
    private let secretHash: TokenHash

    static let secretLength = 43
    package static let length = InstallID.issuedLength + 1 + secretLength

    /// The token's shape, checked byte by byte; nil for anything else (no token is ever `local`'s).
    package init?(_ text: Substring) {
        let bytes = text.utf8
        guard let token = bytes.withContiguousStorageIfAvailable(Self.init(bytes:))
                ?? Array(bytes).withUnsafeBufferPointer(Self.init(bytes:)) else { return nil }
        self = token
    }

    /// The token in `bytes` (a header's own, read in place: no text is made but the install id's):
    /// 32 lowercase hex digits, a dot, 43 base64url characters; nil for anything else.
    package init?(bytes: UnsafeBufferPointer<UInt8>) {
        let dot = InstallID.issuedLength
        guard bytes.count == Self.length, bytes[dot] == UInt8(ascii: "."),
              InstallID.isIssued(UnsafeBufferPointer(rebasing: bytes[..<dot])),
              bytes[(dot + 1)...].allSatisfy(Self.isBase64URL) else { return nil }
        install = InstallID(unchecked: String(decoding: UnsafeBufferPointer(rebasing: bytes[..<dot]), as: UTF8.self))
        secretHash = TokenHash(of: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(dot + 1)...])))
    }

    package var description: String { "InstallToken(install: \(install), secret not shown)" }

    /// Whether the secret hashes to `stored` (the SHA-256 the server kept), compared in constant time.
    func opens(_ stored: TokenHash) -> Bool {
        secretHash.matches(stored)
    }

    /// `opens` for a hash as stored; false for one that is not a digest's length.
    func opens(_ stored: [UInt8]) -> Bool {
        TokenHash(stored).map(opens) ?? false
    }

    /// A new install: its id, its token's text (shown to the app once) and the hash kept of it.
    static func issue() -> (install: InstallID, token: String, secretHash: [UInt8]) {
        let install = InstallID.issue()
        let secret = Base64URL.text(SecureRandom.bytes(32))
        return (install, install.rawValue + "." + secret, SHA256.hash(secret))
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}

/// RFC 4648's URL-safe base64, without padding.
enum Base64URL {
    static func text(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = min(3, bytes.count - index)
            var value: UInt32 = 0
            for offset in 0..<3 { value = value << 8 | (offset < chunk ? UInt32(bytes[index + offset]) : 0) }
            for position in 0...chunk { out.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 0x3F)]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}

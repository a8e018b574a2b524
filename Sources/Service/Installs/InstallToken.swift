import Model
/// The secret an app presents as `Authorization: Bearer <token>`: its install's id, a dot, and
/// 256 random bits in base64url (43 characters), 76 characters in all. The id says which install
/// to check (no lookup by secret); the server keeps only the SHA-256 of the secret and compares
/// hashes in constant time. Printing a token never shows its secret.
package struct InstallToken: Sendable, CustomStringConvertible {
    package let install: InstallID
    private let secret: Substring

    static let secretLength = 43
    package static let length = InstallID.issuedLength + 1 + secretLength

    /// The token's shape, checked byte by byte; nil for anything else (no token is ever `local`'s).
    package init?(_ text: Substring) {
        let bytes = text.utf8
        guard bytes.count == Self.length else { return nil }
        let dot = bytes.index(bytes.startIndex, offsetBy: InstallID.issuedLength)
        guard bytes[dot] == UInt8(ascii: "."), InstallID.isIssued(bytes[bytes.startIndex..<dot]),
              bytes[bytes.index(after: dot)...].allSatisfy(Self.isBase64URL) else { return nil }
        install = InstallID(unchecked: String(text[text.startIndex..<dot]))
        secret = text[text.index(after: dot)...]
    }

    package var description: String { "InstallToken(install: \(install), secret not shown)" }

    /// What the server keeps and compares.
    var secretHash: [UInt8] { SHA256.hash(secret) }

    /// A new install: its id, its token's text (shown to the app once) and the hash kept of it.
    static func issue() -> (install: InstallID, token: String, secretHash: [UInt8]) {
        let install = InstallID.issue()
        let secret = Base64URL.text(SecureRandom.bytes(32))
        return (install, install.rawValue + "." + secret, SHA256.hash(secret))
    }

    /// Equal hashes, in time that does not depend on where they differ.
    static func sameHash(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
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

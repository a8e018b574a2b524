/// One install of an app: whose favorites, history, deck sessions and upstream identities a
/// request acts on. Issued ones are 32 lowercase hex digits (128 random bits); `local` is the one
/// install of requests without a token, which holds what the server kept before installs existed.
public struct InstallID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// The install of requests that present no token (policy `optional`); it has no token.
    public static let local = InstallID(unchecked: "local")

    static let issuedLength = 32

    /// An issued id, or `local`; nil for anything else.
    public init?(_ text: some StringProtocol) {
        guard text == "local" || Self.isIssued(text.utf8) else { return nil }
        rawValue = String(text)
    }

    init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// 32 lowercase hex digits.
    static func isIssued(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count == issuedLength && bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }

    /// A new random id (from the system's generator).
    static func issue() -> InstallID {
        InstallID(unchecked: Hex.text(SecureRandom.bytes(issuedLength / 2)))
    }
}

enum Hex {
    static func text(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// One install of an app: whose favorites, history, deck sessions and upstream identities a
/// request acts on. Issued ones are 32 lowercase hex digits (128 random bits); `local` is the one
/// install of requests without a token, which holds what the server kept before installs existed.
package struct InstallID: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    /// The install of requests that present no token (policy `optional`); it has no token.
    package static let local = InstallID(unchecked: "local")

    package static let issuedLength = 32

    /// An issued id, or `local`; nil for anything else.
    package init?(_ text: some StringProtocol) {
        guard text == "local" || Self.isIssued(text.utf8) else { return nil }
        rawValue = String(text)
    }

    package init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }

    package var description: String { rawValue }

    /// 32 lowercase hex digits.
    package static func isIssued(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count == issuedLength && bytes.allSatisfy(isLowercaseHexDigit)
    }

    /// `isIssued` for contiguous bytes (a token's, read on every request with one). Not generic:
    /// called from another module, the generic one walked the bytes through protocol witnesses
    /// (4.8% of the CPU samples of an install's cached `/favorites`).
    package static func isIssued(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == issuedLength && bytes.allSatisfy(isLowercaseHexDigit)
    }

    private static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
    }
}

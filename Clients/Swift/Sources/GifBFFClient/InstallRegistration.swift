import Foundation

/// A new install: keep `token` where the platform keeps secrets (the Keychain) and hand it back
/// through `GifBFF`'s `installToken` provider. The server shows the token this once and keeps only
/// its hash, so a token lost is an install lost: register again.
public struct InstallRegistration: Sendable, Hashable {
    /// The install's id (32 hex digits); not secret, fine in logs and bug reports.
    public let installID: String
    /// The secret sent as `Authorization: Bearer <token>`. Never log it: the descriptions below
    /// leave it out, so printing a registration is safe.
    public let token: String
    public let createdAt: Date

    public init(installID: String, token: String, createdAt: Date) {
        self.installID = installID
        self.token = token
        self.createdAt = createdAt
    }
}

// `print`, string interpolation, `debugPrint` and `dump` would all show the token of a plain
// struct; a registration printed while debugging must not put the secret in a log.
extension InstallRegistration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "install \(installID) (token hidden), created \(createdAt)" }
    public var debugDescription: String { "InstallRegistration(\(description))" }
    public var customMirror: Mirror {
        Mirror(self, children: ["installID": installID, "token": "<hidden>", "createdAt": createdAt])
    }
}

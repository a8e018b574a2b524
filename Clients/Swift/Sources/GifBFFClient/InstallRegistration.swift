import Foundation

/// A new install, or this device linked to an install (`linkDevice(code:)`): keep `token` where
/// the platform keeps secrets (the Keychain) and hand it back through `GifBFF`'s `installToken`
/// provider. The server shows the token this once and keeps only its hash, so a token lost is an
/// install lost: register again.
public struct InstallRegistration: Sendable, Hashable {
    /// The install's id (32 hex digits); not secret, fine in logs and bug reports.
    public let installID: String
    /// The secret sent as `Authorization: Bearer <token>`. Never log it: the descriptions below
    /// leave it out, so printing a registration is safe.
    public let token: String
    public let createdAt: Date
    /// A linked device's id (as `devices()` lists it, to revoke); nil for a new install, whose
    /// device is listed as `first`.
    public let deviceID: String?

    public init(installID: String, token: String, createdAt: Date, deviceID: String? = nil) {
        self.installID = installID
        self.token = token
        self.createdAt = createdAt
        self.deviceID = deviceID
    }

    /// The token goes into a header as it is: one with spaces, controls or non-ASCII could not,
    /// and is no token at all (`status` is the answer's, for the problem thrown).
    init(checking token: String, installID: String, deviceID: String?, createdAt: Date, status: Int) throws {
        guard !token.isEmpty, token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw GifBFFProblem(status: status, code: nil, title: nil, detail: "the new token is not one a header can carry",
                                retryAfterSeconds: nil)
        }
        self.init(installID: installID, token: token, createdAt: createdAt, deviceID: deviceID)
    }
}

// `print`, string interpolation, `debugPrint` and `dump` would all show the token of a plain
// struct; a registration printed while debugging must not put the secret in a log.
extension InstallRegistration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "install \(installID)\(deviceID.map { ", device \($0)" } ?? "") (token hidden), created \(createdAt)"
    }
    public var debugDescription: String { "InstallRegistration(\(description))" }
    public var customMirror: Mirror {
        Mirror(self, children: ["installID": installID, "token": "<hidden>", "createdAt": createdAt, "deviceID": deviceID as Any])
    }
}

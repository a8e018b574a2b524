import Foundation
import OpenAPIRuntime

/// Installs: each install of an app its own favorites, search history and decks (docs/installs.md).
extension GifBFF {
    /// Makes an install. The answer holds its token, shown this once: keep it (the Keychain) and
    /// return it from the `installToken` provider. Sends no token, so a provider may call this
    /// when it has none. Too many from one address, its network or the server throws
    /// `install_rate_limited` (see `retryAfterSeconds`).
    public func registerInstall() async throws -> InstallRegistration {
        try await unwrappingProblems {
            switch try await raw.registerInstall() {
            case let .created(created):
                let new = try created.body.json
                return try InstallRegistration(checking: new.token, installID: new.installId, deviceID: nil,
                                               createdAt: new.createdAt, status: 201)
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// Deletes the install whose token the provider gives, and everything the server kept for it;
    /// the token opens nothing from then on (`install_token_invalid`): forget it. Without a token
    /// it throws `install_token_required` (the shared local install cannot be deleted). The
    /// answers held in `etags` go too: they may be the install's favorites and history.
    public func deleteInstall() async throws {
        try await unwrappingProblems {
            switch try await raw.deleteInstall() {
            case .noContent:
                await etags?.removeAll()
            case let other: throw Self.unexpected(other)
            }
        }
    }
}

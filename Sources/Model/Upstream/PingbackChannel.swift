import Foundation

/// How a pingback reaches the upstream's analytics: one GET of the url, with what the upstream
/// asks to be added (GIPHY: the install's `random_id` and `ts`). Never the API key. Throws when
/// the request failed. `install` nil: the event was sent for no install (no `random_id`).
package protocol PingbackChannel: Sendable {
    func ping(_ url: String, at date: Date, install: InstallID?) async throws
}

/// Where an upstream's identity for each install is kept (GIPHY's `random_id`): a provider asks
/// for the one it has, or for one made by `fetch` when it has none yet. The features keep them
/// (Service's `InstallIdentities`); a provider sees only this.
package protocol UpstreamIdentities: Sendable {
    typealias Fetch = @Sendable () async throws -> String

    /// The install's identity when one is known; never asks the upstream.
    func known(for install: InstallID) async -> String?
    /// The install's identity, made by `fetch` when none is known yet; nil when it cannot be had now.
    func resolved(for install: InstallID, fetch: @escaping Fetch) async -> String?
}

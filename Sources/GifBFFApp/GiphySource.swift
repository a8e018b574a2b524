import Foundation
import Gateway
import GiphyClient
import GiphyDemo
import Service
import Model

/// The GIF source: GIPHY with a key; without one, the built-in demo catalog, served in-process
/// by `GiphyDemoProvider` behind the same protocol as GIPHY's client.
struct GiphySource {
    /// Where the analytics pingbacks go: GIPHY's client, or the demo, which takes them itself.
    let channel: any PingbackChannel
    /// Also where each install's `random_id` is held in memory (nil with analytics off, and in
    /// the demo, which needs none), told when an install is deleted.
    let randomIDs: InstallIdentities?
    let provider: ProviderSource

    /// `identities`: where each install's GIPHY `random_id` is kept (one per upstream identity).
    /// `ceiling`: the content ceiling, which the demo's pictures obey too.
    static func make(_ configuration: Configuration, ceiling: ContentCeiling = .none, identities: (any InstallIdentityStore)? = nil,
                     report: @escaping @Sendable (any Error) -> Void = { _ in }) throws -> GiphySource {
        guard let key = configuration.giphyAPIKey else {
            let demo = GiphyDemoProvider()
            // The demo's catalog does not change from start to start. Its identity names the
            // media's links too, so no answer cached before they were gif-bff's own is served.
            return GiphySource(channel: demo, randomIDs: nil, provider: ProviderSource(
                name: .giphy, rules: Giphy.rules, client: demo, identity: "giphy-demo-media",
                callsPerHour: configuration.gateway.callsPerHour, demoMedia: demo.media.capped(at: ceiling)))
        }
        guard let baseURL = URL(string: configuration.giphyBaseURL) else {
            throw ConfigurationError.invalidValue(setting: Setting.giphyBaseURL.label,
                                                  value: "\"\(configuration.giphyBaseURL)\"", expected: "an http or https URL")
        }
        let identity = "giphy|\(baseURL.absoluteString)|key:\(KeyFingerprint.of(key))"
        // With analytics off, no install is identified to GIPHY at all: no random_id.
        let ids = configuration.giphyAnalytics
            ? InstallIdentities(name: "giphy_random_id|\(identity)", store: identities, report: report) : nil
        let client = GiphyClient(configuration: GiphyClientConfiguration(
            apiKey: key, baseURL: baseURL, deadline: configuration.upstreamTimeout, countryCode: configuration.giphyCountryCode),
            identities: ids)
        return GiphySource(channel: client, randomIDs: ids, provider: ProviderSource(
            name: .giphy, rules: Giphy.rules, client: client, identity: identity, callsPerHour: configuration.gateway.callsPerHour,
            stopClient: { await client.shutdown() }))
    }
}

import DemoMedia
import FakeGiphy
import Foundation
import GiphyDemoMedia
import Service
import GiphyClient
import HTTPServer

/// The GIF source: GIPHY with a key; without one, the built-in demo catalog, which is the fake
/// GIPHY started in-process and reached through the same client code as the real service.
struct GiphySource {
    /// Also the analytics pingbacks' channel.
    let client: GiphyClient
    /// Also where each install's `random_id` is held in memory (nil with analytics off), told
    /// when an install is deleted.
    let randomIDs: InstallIdentities?
    let provider: ProviderSource

    /// `identities`: where each install's GIPHY `random_id` is kept (one per upstream identity).
    static func make(_ configuration: Configuration, identities: (any InstallIdentityStore)? = nil,
                     report: @escaping @Sendable (any Error) -> Void = { _ in }) throws -> GiphySource {
        // With analytics off, no install is identified to GIPHY at all: no random_id.
        func randomIDs(for identity: String) -> InstallIdentities? {
            guard configuration.giphyAnalytics else { return nil }
            return InstallIdentities(name: "giphy_random_id|\(identity)", store: identities, report: report)
        }
        if let key = configuration.giphyAPIKey {
            guard let baseURL = URL(string: configuration.giphyBaseURL) else {
                throw ConfigurationError.invalidValue(setting: Setting.giphyBaseURL.label,
                                                      value: "\"\(configuration.giphyBaseURL)\"", expected: "an http or https URL")
            }
            let identity = "giphy|\(baseURL.absoluteString)|key:\(KeyFingerprint.of(key))"
            let ids = randomIDs(for: identity)
            let client = GiphyClient(configuration: GiphyClientConfiguration(
                apiKey: key, baseURL: baseURL, deadline: configuration.upstreamTimeout), identities: ids)
            return GiphySource(client: client, randomIDs: ids, provider: ProviderSource(
                name: .giphy, rules: Giphy.rules, client: client, identity: identity, callsPerHour: configuration.gateway.callsPerHour,
                stopClient: { await client.shutdown() }, stopDemo: nil))
        }
        // The demo catalog's pictures are gif-bff's own (DemoMediaLinks): the fake links to them.
        let catalog = FakeCatalog.standard.withMedia(at: DemoMediaLinks.upstreamBase)
        let demo = FakeGiphy(catalog: catalog, adminRoutes: false)
        let baseURL = try demo.start()
        let ids = randomIDs(for: "giphy-demo")
        let client = GiphyClient(configuration: GiphyClientConfiguration(
            apiKey: FakeGiphy.defaultAPIKey, baseURL: baseURL, deadline: configuration.upstreamTimeout),
            identities: ids)
        // The demo's port changes with every start; its catalog does not. Its identity names the
        // media's links too, so no answer cached before they were gif-bff's own is served.
        return GiphySource(client: client, randomIDs: ids, provider: ProviderSource(
            name: .giphy, rules: Giphy.rules, client: DemoLinksProvider(upstream: client), identity: "giphy-demo-media",
            callsPerHour: configuration.gateway.callsPerHour,
            stopClient: { await client.shutdown() }, stopDemo: { await demo.shutdown() }, demoMedia: GiphyDemoMedia(catalog: catalog)))
    }
}

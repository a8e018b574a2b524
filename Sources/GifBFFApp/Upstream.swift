import FakeGiphy
import Foundation
import GiphyClient
import HTTPServer

/// The GIF source gif-bff uses: GIPHY with a key; without one, the built-in demo catalog, which is
/// the fake GIPHY started in-process and reached through the same client code as the real service.
struct Upstream {
    let client: GiphyClient
    /// The in-process fake serving the demo catalog, when there is no key.
    let demo: FakeGiphy?
    /// What the cache and the spotlight are keyed by: "giphy-demo", or GIPHY's base URL and a
    /// fingerprint of the key (`KeyFingerprint`), so answers never cross from one upstream to another.
    let identity: String

    static func make(_ configuration: Configuration) throws -> Upstream {
        if let key = configuration.giphyAPIKey {
            guard let baseURL = URL(string: configuration.giphyBaseURL) else {
                throw ConfigurationError.invalidValue(setting: "GIPHY_BASE_URL (--giphy-base-url)",
                                                      value: "\"\(configuration.giphyBaseURL)\"", expected: "an http or https URL")
            }
            let client = GiphyClient(configuration: GiphyClientConfiguration(
                apiKey: key, baseURL: baseURL, deadline: configuration.upstreamTimeout))
            return Upstream(client: client, demo: nil,
                            identity: "giphy|\(baseURL.absoluteString)|key:\(KeyFingerprint.of(key))")
        }
        let demo = FakeGiphy(adminRoutes: false)
        let baseURL = try demo.start()
        let client = GiphyClient(configuration: GiphyClientConfiguration(
            apiKey: FakeGiphy.defaultAPIKey, baseURL: baseURL, deadline: configuration.upstreamTimeout))
        // The demo's port changes with every start; its catalog does not.
        return Upstream(client: client, demo: demo, identity: "giphy-demo")
    }

    func shutdown() async { await demo?.shutdown() }
}

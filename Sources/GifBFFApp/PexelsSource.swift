import ProviderHTTP
import Foundation
import HTTPServer
import Model
import PexelsClient
import PexelsDemo

/// Pexels' photos: Pexels with a key; without one, the built-in Pexels demo catalog, served
/// in-process by `PexelsDemoProvider` behind the same protocol as Pexels' client.
enum PexelsSource {
    static func make(_ configuration: Configuration, logger: Logger) throws -> ProviderSource {
        guard let key = configuration.pexelsAPIKey else {
            let demo = PexelsDemoProvider()
            return ProviderSource(name: .pexels, rules: Pexels.rules, client: demo, identity: "pexels-demo-media",
                                  callsPerHour: configuration.pexelsCallsPerHour, demoMedia: demo.media)
        }
        guard let baseURL = URL(string: configuration.pexelsBaseURL) else {
            throw ConfigurationError.invalidValue(setting: Setting.pexelsBaseURL.label,
                                                  value: "\"\(configuration.pexelsBaseURL)\"", expected: "an http or https URL")
        }
        // Pexels' own error messages, with the key already removed by the client.
        let log: @Sendable (String) -> Void = { line in logger.warning("pexels call failed", ("detail", .string(line))) }
        let client = PexelsClient(configuration: KeyedClientConfiguration(apiKey: key, baseURL: baseURL,
                                                                           deadline: configuration.upstreamTimeout), log: log)
        return ProviderSource(name: .pexels, rules: Pexels.rules, client: client,
                              identity: "pexels|\(baseURL.absoluteString)|key:\(KeyFingerprint.of(key))",
                              callsPerHour: configuration.pexelsCallsPerHour, stopClient: { await client.shutdown() })
    }
}

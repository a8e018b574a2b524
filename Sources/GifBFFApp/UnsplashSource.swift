import Foundation
import HTTPServer
import Service
import UnsplashClient
import UnsplashDemo

/// The photo source: Unsplash with an access key; without one, the built-in photo demo catalog,
/// served in-process by `UnsplashDemoProvider` behind the same protocol as Unsplash's client.
enum UnsplashSource {
    static func make(_ configuration: Configuration, logger: Logger) throws -> ProviderSource {
        guard let key = configuration.unsplashAccessKey else {
            let demo = UnsplashDemoProvider(appName: configuration.appName)
            return ProviderSource(name: .unsplash, rules: Unsplash.rules, client: demo, identity: "unsplash-demo-media",
                                  callsPerHour: configuration.unsplashCallsPerHour, demoMedia: demo.media)
        }
        guard let baseURL = URL(string: configuration.unsplashBaseURL) else {
            throw ConfigurationError.invalidValue(setting: Setting.unsplashBaseURL.label,
                                                  value: "\"\(configuration.unsplashBaseURL)\"", expected: "an http or https URL")
        }
        // Unsplash's own error messages, with the key already removed by the client.
        let log: @Sendable (String) -> Void = { line in logger.warning("unsplash call failed", ("detail", .string(line))) }
        let client = UnsplashClient(configuration: UnsplashClientConfiguration(
            accessKey: key, baseURL: baseURL, deadline: configuration.upstreamTimeout, appName: configuration.appName), log: log)
        return ProviderSource(name: .unsplash, rules: Unsplash.rules, client: client,
                              identity: "unsplash|\(baseURL.absoluteString)|key:\(KeyFingerprint.of(key))",
                              callsPerHour: configuration.unsplashCallsPerHour, stopClient: { await client.shutdown() })
    }
}

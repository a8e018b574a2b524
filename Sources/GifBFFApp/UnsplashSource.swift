import DemoMedia
import FakeUnsplash
import Foundation
import UnsplashDemoMedia
import Service
import HTTPServer
import UnsplashClient

/// The photo source: Unsplash with an access key; without one, the built-in photo demo catalog
/// (the fake Unsplash started in-process).
enum UnsplashSource {
    /// The demo fake allows a production key's hourly calls: only our own budget limits the demo.
    static let demoHourlyLimit = 5_000

    static func make(_ configuration: Configuration, logger: Logger) throws -> ProviderSource {
        // Unsplash's own error messages, with the key already removed by the client.
        let log: @Sendable (String) -> Void = { line in logger.warning("unsplash call failed", ("detail", .string(line))) }
        if let key = configuration.unsplashAccessKey {
            guard let baseURL = URL(string: configuration.unsplashBaseURL) else {
                throw ConfigurationError.invalidValue(setting: Setting.unsplashBaseURL.label,
                                                      value: "\"\(configuration.unsplashBaseURL)\"", expected: "an http or https URL")
            }
            let client = UnsplashClient(configuration: UnsplashClientConfiguration(
                accessKey: key, baseURL: baseURL, deadline: configuration.upstreamTimeout, appName: configuration.appName), log: log)
            return ProviderSource(name: .unsplash, rules: Unsplash.rules, client: client,
                                  identity: "unsplash|\(baseURL.absoluteString)|key:\(KeyFingerprint.of(key))",
                                  callsPerHour: configuration.unsplashCallsPerHour,
                                  stopClient: { await client.shutdown() }, stopDemo: nil)
        }
        let catalog = UnsplashDemoMedia.servedCatalog(mediaAt: DemoMediaLinks.upstreamBase)
        let demo = FakeUnsplash(catalog: catalog, adminRoutes: false, hourlyLimit: demoHourlyLimit)
        let baseURL = try demo.start()
        let client = UnsplashClient(configuration: UnsplashClientConfiguration(
            accessKey: FakeUnsplash.defaultAccessKey, baseURL: baseURL, deadline: configuration.upstreamTimeout,
            appName: configuration.appName), log: log)
        return ProviderSource(name: .unsplash, rules: Unsplash.rules, client: DemoLinksProvider(upstream: client),
                              identity: "unsplash-demo-media", callsPerHour: configuration.unsplashCallsPerHour,
                              stopClient: { await client.shutdown() }, stopDemo: { await demo.stop() },
                              demoMedia: UnsplashDemoMedia(catalog: catalog))
    }
}

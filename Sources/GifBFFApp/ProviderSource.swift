import DemoMedia
import Service

/// One provider as the app starts it: its client (the real service with a key; without one, its
/// demo fake started in-process and reached through the same client code), its rules, what its
/// cache is keyed by, and its hourly budget.
struct ProviderSource: Sendable {
    let name: ProviderName
    let rules: ProviderRules
    let client: any Provider
    /// Provider, base URL and a fingerprint of the key (`KeyFingerprint`), or "<name>-demo": it
    /// starts every cache and spotlight key, so answers never cross from one upstream to another.
    let identity: String
    let callsPerHour: Int?
    /// Closes the client's connections and its transport's thread and descriptors.
    let stopClient: @Sendable () async -> Void
    /// Stops the in-process demo fake; nil when the real service is used.
    let stopDemo: (@Sendable () async -> Void)?
    /// The demo catalog's pictures, served at /media/<name>/...; nil when the real service is used.
    var demoMedia: (any DemoMediaCatalog)? = nil

    var isDemo: Bool { stopDemo != nil }

    /// The client first: it closes its connections to the demo fake before the fake stops.
    func shutdown() async {
        await stopClient()
        await stopDemo?()
    }
}

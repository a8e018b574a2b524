import DemoMedia
import Service

/// One provider as the app starts it: its client (the real service with a key; without one, its
/// demo provider serving the built-in catalog in-process), its rules, what its cache is keyed
/// by, and its hourly budget.
struct ProviderSource: Sendable {
    let name: ProviderName
    let rules: ProviderRules
    let client: any Provider
    /// Provider, base URL and a fingerprint of the key (`KeyFingerprint`), or "<name>-demo-media":
    /// it starts every cache and spotlight key, so answers never cross from one upstream to another.
    let identity: String
    let callsPerHour: Int?
    /// Closes the client's connections and its transport's thread and descriptors; nil for a demo
    /// provider, which holds neither.
    var stopClient: (@Sendable () async -> Void)? = nil
    /// The demo catalog's pictures, served at /media/<name>/...; nil when the real service is used.
    var demoMedia: (any DemoMediaCatalog)? = nil

    var isDemo: Bool { demoMedia != nil }

    func shutdown() async { await stopClient?() }
}

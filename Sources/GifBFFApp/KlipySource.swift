import ProviderHTTP
import Foundation
import HTTPServer
import KlipyClient
import KlipyDemo
import Model
import Service

/// The KLIPY source: KLIPY with an app key; without one, the built-in KLIPY demo catalog, served
/// in-process by `KlipyDemoProvider` behind the same protocol as KLIPY's client.
struct KlipySource {
    /// Where each install's `customer_id` is held in memory (nil in the demo, which sends none),
    /// told when an install is deleted.
    let customerIDs: InstallIdentities?
    let provider: ProviderSource

    /// `identities`: where each install's pseudonym is kept (one per upstream identity).
    static func make(_ configuration: Configuration, identities: (any InstallIdentityStore)?, logger: Logger) throws -> KlipySource {
        guard let key = configuration.klipyAPIKey else {
            let demo = KlipyDemoProvider()
            return KlipySource(customerIDs: nil, provider: ProviderSource(
                name: .klipy, rules: Klipy.rules, client: demo, identity: "klipy-demo-media",
                callsPerHour: configuration.klipyCallsPerHour, demoMedia: demo.media))
        }
        guard let baseURL = URL(string: configuration.klipyBaseURL) else {
            throw ConfigurationError.invalidValue(setting: Setting.klipyBaseURL.label,
                                                  value: "\"\(configuration.klipyBaseURL)\"", expected: "an http or https URL")
        }
        let identity = "klipy|\(baseURL.absoluteString)|key:\(KeyFingerprint.of(key))"
        let ids = InstallIdentities(name: "klipy_customer_id|\(identity)", store: identities, report: { error in
            logger.warning("KLIPY customer_id not kept", ("reason", .string(String(describing: error))))
        })
        // KLIPY's own error messages, with the key already removed by the client.
        let log: @Sendable (String) -> Void = { line in logger.warning("klipy call failed", ("detail", .string(line))) }
        let client = KlipyClient(configuration: KeyedClientConfiguration(apiKey: key, baseURL: baseURL, deadline: configuration.upstreamTimeout),
                                 identities: ids, log: log)
        return KlipySource(customerIDs: ids, provider: ProviderSource(
            name: .klipy, rules: Klipy.rules, client: client, identity: identity, callsPerHour: configuration.klipyCallsPerHour,
            stopClient: { await client.shutdown() }))
    }
}

import Gateway
import Model
/// One provider as the backend uses it: its name, the rules its upstream accepts, and its own
/// gateway (cache, coalescing, budget, stale answers) and spotlight, and the server's content
/// ceiling, which every feature applies to it (ProviderGateway+Ceiling.swift). A class, immutable:
/// a request hands it from step to step, and each copy of it as a struct retained every array and
/// string of its rules.
package final class ProviderGateway: Sendable {
    package let name: ProviderName
    package let rules: ProviderRules
    package let gateway: UpstreamGateway
    let spotlight: SpotlightService
    let ceiling: ContentCeiling

    package init(name: ProviderName, rules: ProviderRules, gateway: UpstreamGateway, spotlight: SpotlightService,
                ceiling: ContentCeiling = .none) {
        self.name = name
        self.rules = rules
        self.gateway = gateway
        self.spotlight = spotlight
        self.ceiling = ceiling
    }
}

/// Every provider the backend serves, and the one a request gets when it names none.
package struct ProviderGateways: Sendable {
    private let byName: [ProviderName: ProviderGateway]
    /// The one a request gets when it names none.
    package let defaultProvider: ProviderGateway
    /// The one decks, autocomplete and trending search terms come from (GIF features): the
    /// default provider when it serves GIFs, else the first by name that does, else the default.
    let gifsProvider: ProviderGateway

    /// Nil when `defaultName` is not among them, or two share a name.
    package init?(_ providers: [ProviderGateway], defaultName: ProviderName) {
        var byName: [ProviderName: ProviderGateway] = [:]
        for provider in providers {
            guard byName.updateValue(provider, forKey: provider.name) == nil else { return nil }
        }
        guard let defaultProvider = byName[defaultName] else { return nil }
        self.byName = byName
        self.defaultProvider = defaultProvider
        gifsProvider = defaultProvider.rules.servesGIFs ? defaultProvider
            : byName.keys.sorted().lazy.compactMap { byName[$0] }.first { $0.rules.servesGIFs } ?? defaultProvider
    }

    /// One provider, the default.
    package init(only provider: ProviderGateway) {
        byName = [provider.name: provider]
        defaultProvider = provider
        gifsProvider = provider
    }

    package var defaultName: ProviderName { defaultProvider.name }

    /// Sorted, for messages and metrics.
    package var names: [ProviderName] { byName.keys.sorted() }

    package subscript(name: ProviderName) -> ProviderGateway? { byName[name] }

    /// The provider named, or the default one.
    package func provider(_ name: ProviderName?) -> ProviderGateway? {
        guard let name else { return defaultProvider }
        return byName[name]
    }

    /// The provider an id names; an id of a provider not served has no item here.
    package func provider(of id: ItemID) throws(ServiceError) -> ProviderGateway {
        guard let provider = byName[id.provider] else { throw .itemNotFound(id: id.rawValue) }
        return provider
    }

    var all: [ProviderGateway] { names.compactMap { byName[$0] } }
}

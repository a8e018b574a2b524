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
    /// A few, searched in order: a dictionary hashed the name on every request.
    private let inNameOrder: [ProviderGateway]
    /// The one a request gets when it names none.
    package let defaultProvider: ProviderGateway
    /// The one decks, autocomplete and trending search terms come from (GIF features): the
    /// default provider when it serves GIFs, else the first by name that does, else the default.
    let gifsProvider: ProviderGateway

    /// Nil when `defaultName` is not among them, or two share a name.
    package init?(_ providers: [ProviderGateway], defaultName: ProviderName) {
        let inNameOrder = providers.sorted { $0.name < $1.name }
        guard Set(inNameOrder.map(\.name)).count == inNameOrder.count,
              let defaultProvider = inNameOrder.first(where: { $0.name == defaultName }) else { return nil }
        self.inNameOrder = inNameOrder
        self.defaultProvider = defaultProvider
        gifsProvider = defaultProvider.rules.servesGIFs ? defaultProvider
            : inNameOrder.first { $0.rules.servesGIFs } ?? defaultProvider
    }

    /// One provider, the default.
    package init(only provider: ProviderGateway) {
        inNameOrder = [provider]
        defaultProvider = provider
        gifsProvider = provider
    }

    package var defaultName: ProviderName { defaultProvider.name }

    /// Sorted, for messages and metrics.
    package var names: [ProviderName] { inNameOrder.map(\.name) }

    package subscript(name: ProviderName) -> ProviderGateway? { inNameOrder.first { $0.name == name } }

    /// The provider named, or the default one.
    package func provider(_ name: ProviderName?) -> ProviderGateway? {
        guard let name else { return defaultProvider }
        return self[name]
    }

    /// The provider an id names; an id of a provider not served has no item here.
    package func provider(of id: ItemID) throws(ServiceError) -> ProviderGateway {
        guard let provider = self[id.provider] else { throw .itemNotFound(id: id.rawValue) }
        return provider
    }

    var all: [ProviderGateway] { inNameOrder }
}

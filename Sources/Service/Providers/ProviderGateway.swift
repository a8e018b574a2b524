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

/// Every provider the backend serves, each kind's chain, and the chain a request gets when it
/// names neither a provider nor a kind.
package struct ProviderGateways: Sendable {
    /// A few, searched in order: a dictionary hashed the name on every request.
    private let inNameOrder: [ProviderGateway]
    /// Each provider alone, in the same order: what a request naming it gets.
    private let alone: [ProviderChain]
    /// Each kind's chain; a kind no provider serves has none.
    private let gifChain: ProviderChain?
    private let photoChain: ProviderChain?
    /// What a request that names neither a provider nor a kind gets.
    package let defaultChain: ProviderChain
    /// The one decks, autocomplete and trending search terms come from (GIF features): the GIF
    /// chain's first, else the default chain's.
    let gifsProvider: ProviderGateway

    /// `chains`: each kind's providers in order (every name served, each of that kind, none twice);
    /// a kind left out gets its providers in the order given. `defaultKind`: the chain of requests
    /// that name neither; it must have providers.
    package init(_ providers: [ProviderGateway], chains: [ItemKind: [ProviderName]] = [:], defaultKind: ItemKind = .gifs)
        throws(ProviderChainError) {
        let inNameOrder = providers.sorted { $0.name < $1.name }
        var seen = Set<ProviderName>()
        for provider in inNameOrder where !seen.insert(provider.name).inserted { throw .servedTwice(provider.name) }
        func chain(_ kind: ItemKind) throws(ProviderChainError) -> ProviderChain? {
            guard let names = chains[kind] else { return ProviderChain(providers.filter { $0.rules.kind == kind }) }
            var members: [ProviderGateway] = []
            for name in names {
                guard let provider = inNameOrder.first(where: { $0.name == name }) else { throw .notServed(name, kind) }
                guard provider.rules.kind == kind else { throw .wrongKind(name, kind) }
                guard !members.contains(where: { $0.name == name }) else { throw .namedTwice(name, kind) }
                members.append(provider)
            }
            return ProviderChain(members)
        }
        let gifChain = try chain(.gifs)
        let photoChain = try chain(.photos)
        guard let defaultChain = defaultKind == .gifs ? gifChain : photoChain else { throw .noProviders(defaultKind) }
        self.inNameOrder = inNameOrder
        alone = inNameOrder.map(ProviderChain.init)
        self.gifChain = gifChain
        self.photoChain = photoChain
        self.defaultChain = defaultChain
        gifsProvider = gifChain?.first ?? defaultChain.first
    }

    /// One provider, the default.
    package init(only provider: ProviderGateway) {
        inNameOrder = [provider]
        defaultChain = ProviderChain(provider)
        alone = [defaultChain]
        (gifChain, photoChain) = provider.rules.kind == .gifs ? (defaultChain, nil) : (nil, defaultChain)
        gifsProvider = provider
    }

    /// The first provider of requests that name neither a provider nor a kind.
    package var defaultProvider: ProviderGateway { defaultChain.first }
    package var defaultName: ProviderName { defaultChain.first.name }

    /// Sorted, for messages and metrics.
    package var names: [ProviderName] { inNameOrder.map(\.name) }

    package subscript(name: ProviderName) -> ProviderGateway? { inNameOrder.first { $0.name == name } }

    /// The provider named, alone (strict); nil when none of that name is served.
    package func alone(_ name: ProviderName) -> ProviderChain? {
        inNameOrder.firstIndex { $0.name == name }.map { alone[$0] }
    }

    /// The kind's chain; nil when no provider serves that kind.
    package func chain(_ kind: ItemKind) -> ProviderChain? {
        kind == .gifs ? gifChain : photoChain
    }

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

/// Why the chains asked for cannot be made: the settings name the chain by its kind.
package enum ProviderChainError: Error, Equatable, Sendable {
    case servedTwice(ProviderName)
    case notServed(ProviderName, ItemKind)
    case wrongKind(ProviderName, ItemKind)
    case namedTwice(ProviderName, ItemKind)
    case noProviders(ItemKind)
}

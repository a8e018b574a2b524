import Model

/// The providers a browse request is served by, in order. A request that names a provider gets
/// that one alone (strict: it never falls back); one that names none gets its kind's chain
/// (`GIF_BFF_GIF_PROVIDERS`, `GIF_BFF_PHOTO_PROVIDERS`), where the first provider that can answer
/// does and one that cannot (held off, its key refused, rate limited, out of budget, down) is
/// passed over for the next (`Browse+Chain.swift`). A class, made once per provider and per kind
/// (`ProviderGateways`): a request's query holds one reference to it, not its members.
package final class ProviderChain: Sendable {
    /// The one asked first; the one whose rules a request is checked against.
    package let first: ProviderGateway
    /// Tried in order when the ones before them cannot answer; empty when strict.
    package let fallbacks: [ProviderGateway]

    /// The provider alone: what a request naming it gets.
    package init(_ provider: ProviderGateway) {
        first = provider
        fallbacks = []
    }

    /// Nil for no providers.
    package init?(_ providers: [ProviderGateway]) {
        guard let first = providers.first else { return nil }
        self.first = first
        fallbacks = Array(providers.dropFirst())
    }

    /// Every member, first first.
    package var members: [ProviderGateway] { [first] + fallbacks }

    package var names: [ProviderName] { members.map(\.name) }
}

import Gateway
import Model

/// Each install's search history, and what to offer while it types: its own searches first, then
/// the GIF provider's autocomplete; and that provider's trending search terms.
package struct History: Sendable {
    let service: SearchHistoryService
    /// Autocomplete and trending terms come from the GIF provider (`ProviderGateways.gifsProvider`).
    let provider: ProviderGateway
    /// No suggestion or trending term holding a blocked term is offered.
    let blocklist: Blocklist
    let errors: ErrorTranslation

    package static let suggestionLimitRange = 1...SuggestionService.upstreamLimit
    package static let defaultSuggestionLimit = 5

    /// Newest first; a non-blank `contains` keeps the entries holding it (ignoring letter case).
    package func list(contains: String?, install: InstallID) async throws(ServiceError) -> [SearchHistoryEntry] {
        try await errors.translating { try await service.list(contains: contains, install: install) }
    }

    package func clear(install: InstallID) async throws(ServiceError) {
        try await errors.translating { try await service.clear(install: install) }
    }

    /// The install's history first (the search just made included), then the upstream (its call
    /// charged to `payer`); fails only when the history cannot be read.
    package func suggestions(for words: SearchWords?, limit: Int, install: InstallID,
                             payer: CallPayer? = nil) async throws(ServiceError) -> [Suggestion] {
        try await errors.translating {
            try await SuggestionService(gateway: provider.gateway, history: service, provider: provider.name, install: install, payer: payer,
                                        blocks: blocklist.blocks)
                .suggestions(for: words, limit: limit)
        }
    }

    /// A call it makes is charged to `payer`.
    package func trendingSearches(payer: CallPayer? = nil) async throws(ServiceError) -> Fetched<[String]> {
        let blocks = blocklist.blocks
        return try await errors.translating(upstream: provider.rules.naming) {
            try await provider.gateway.trendingSearches(payer: payer).map { page in page.terms.filter { !blocks.blocks(text: $0) } }
        }
    }
}

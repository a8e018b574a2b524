/// Suggestions while typing, and the upstream's trending search terms.
extension Backend {
    public static let suggestionLimitRange = 1...SuggestionService.upstreamLimit
    public static let defaultSuggestionLimit = 5

    /// The install's history first (the search just made included), then the upstream; fails only
    /// when the history cannot be read.
    public func suggestions(for words: SearchWords?, limit: Int, install: InstallID) async throws(ServiceError) -> [Suggestion] {
        let provider = providers.gifsProvider
        return try await translating {
            try await SuggestionService(gateway: gateway, history: history, provider: provider.name, install: install).suggestions(for: words, limit: limit)
        }
    }

    public func trendingSearches() async throws(ServiceError) -> Fetched<[String]> {
        try await translating(upstream: providers.gifsProvider.rules.naming) { try await gateway.trendingSearches().map(\.terms) }
    }
}

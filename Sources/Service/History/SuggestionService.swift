import Gateway
import Model
/// Searches to offer as the user types: the history's matches first (newest first), then the
/// upstream's autocomplete, without repeating a query in another letter case. The upstream part
/// is optional: when it fails, or the budget is low, the history answers alone.
struct SuggestionService: Sendable {
    /// The upstream is always asked for this many terms, whatever the client's limit, so one
    /// cached answer serves every limit.
    static let upstreamLimit = 10
    /// Autocomplete is not asked while a quarter of the hourly budget or less is left.
    static let budgetReserveFraction = 0.25

    let gateway: UpstreamGateway
    let history: SearchHistoryService
    /// Whose autocomplete the upstream's suggestions are.
    let provider: ProviderName
    /// Whose history comes first.
    let install: InstallID
    /// Who the autocomplete call is charged to; past its share, the history answers alone.
    let payer: CallPayer?
    /// The operator's blocks: a suggestion holding a blocked term is never offered.
    let blocks: Blocklist.Blocks

    func suggestions(for words: SearchWords?, limit: Int) async throws -> [Suggestion] {
        let past = try await history.list(contains: words?.text, install: install).map { Suggestion(query: $0.query, source: .history) }
        var upstream: [Suggestion] = []
        if let words, past.count < limit {
            upstream = await upstreamTerms(words.text).map { Suggestion(query: $0, source: .upstream(provider)) }
        }
        var seen = Set<String>()
        return (past + upstream).filter { seen.insert($0.query.lowercased()).inserted && !blocks.blocks(text: $0.query) }.prefix(limit).map { $0 }
    }

    /// Never throws: autocomplete that cannot be had is simply left out.
    private func upstreamTerms(_ query: String) async -> [String] {
        let reserve = gateway.budgetLimit.map { max(1, Int(Double($0) * Self.budgetReserveFraction)) } ?? 0
        do {
            return try await gateway.searchSuggestions(for: query, limit: Self.upstreamLimit, reserve: reserve, payer: payer).value.terms
        } catch {
            return []
        }
    }
}

import Foundation

/// The catalog's search terms: what autocomplete completes to and what is trending.
extension GIFCatalog {
    package static let trendingSearchCount = 10

    /// Every term people could search for here, lowercased: topics, tags and what GIFs show.
    var searchTerms: Set<String> {
        var terms = Set(topics)
        for gif in gifs {
            terms.formUnion(gif.tags)
            if let altText = gif.altText { terms.insert(altText.lowercased()) }
        }
        return terms
    }

    /// Autocomplete as GIPHY's `search/tags` answers it: `q` must not be blank (400), `limit`
    /// (5 when not sent) at least 1 (400) and at most `GIFPaging.maxLimit` terms are given.
    package func autocomplete(_ query: String?, limit: Int?) throws(GIFRefusal) -> [String] {
        guard let query, !query.trimmingCharacters(in: .whitespaces).isEmpty else { throw .badParameter("q") }
        let limit = limit ?? 5
        guard limit >= 1 else { throw .badParameter("limit") }
        return suggestions(for: query, limit: min(limit, GIFPaging.maxLimit))
    }

    /// Terms starting with `query` (ignoring case and surrounding spaces), shortest first.
    package func suggestions(for query: String, limit: Int) -> [String] {
        let prefix = query.lowercased().trimmingCharacters(in: .whitespaces)
        guard !prefix.isEmpty else { return [] }
        let matches = searchTerms.filter { $0.hasPrefix(prefix) }
        return Array(matches.sorted { ($0.count, $0) < ($1.count, $1) }.prefix(max(0, limit)))
    }

    /// The topics of the top trending GIFs, in trending order.
    package var trendingSearches: [String] {
        var seen = Set<String>()
        return Array(trending().map(\.topic).filter { seen.insert($0).inserted }.prefix(Self.trendingSearchCount))
    }
}

import Foundation

/// The catalog's search terms: what autocomplete completes to and what is trending.
extension FakeCatalog {
    public static let trendingSearchCount = 10

    /// Every term people could search for here, lowercased: topics, tags and what GIFs show.
    var searchTerms: Set<String> {
        var terms = Set(topics)
        for gif in gifs {
            terms.formUnion(gif.tags)
            if let altText = gif.altText { terms.insert(altText.lowercased()) }
        }
        return terms
    }

    /// Terms starting with `query` (ignoring case and surrounding spaces), shortest first.
    public func suggestions(for query: String, limit: Int) -> [String] {
        let prefix = query.lowercased().trimmingCharacters(in: .whitespaces)
        guard !prefix.isEmpty else { return [] }
        let matches = searchTerms.filter { $0.hasPrefix(prefix) }
        return Array(matches.sorted { ($0.count, $0) < ($1.count, $1) }.prefix(max(0, limit)))
    }

    /// The topics of the top trending GIFs, in trending order.
    public var trendingSearches: [String] {
        var seen = Set<String>()
        return Array(trending().map(\.topic).filter { seen.insert($0).inserted }.prefix(Self.trendingSearchCount))
    }
}

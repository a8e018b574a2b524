/// The cache key of a request: what makes two requests the same answer upstream.
enum CacheKey {
    /// Query trimmed, case-folded, inner whitespace collapsed; then offset, limit, rating, lang.
    /// Stickers and bundle-trimmed answers are other answers, so they get keys of their own.
    static func search(_ request: SearchRequest) -> String {
        "\(endpoint("search", request.type))|\(folded(request.query))|\(request.offset)|\(request.limit)|\(request.rating ?? "")|\(request.lang ?? "")"
            + (request.compactRenditions ? "|compact" : "") + (request.order.map { "|order=\($0)" } ?? "")
    }

    static func trending(_ request: TrendingRequest) -> String {
        "\(endpoint("trending", request.type))|\(request.offset)|\(request.limit)|\(request.rating ?? "")"
            + (request.compactRenditions ? "|compact" : "") + (request.order.map { "|order=\($0)" } ?? "")
    }

    static func searchSuggestions(_ query: String, limit: Int) -> String { "search_tags|\(folded(query))|\(limit)" }

    static let trendingSearches = "trending_searches"

    /// The endpoint's name for keys and metrics: "search" for GIFs, "stickers_search" for stickers.
    static func endpoint(_ name: String, _ type: MediaType) -> String {
        type == .gifs ? name : "\(type.rawValue)_\(name)"
    }

    private static func folded(_ query: String) -> String {
        query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func gif(id: String) -> String { "gif|\(id)" }
}

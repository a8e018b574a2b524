/// The cache key of a request: what makes two requests the same answer upstream.
enum CacheKey {
    /// Query trimmed, case-folded, inner whitespace collapsed; then offset, limit, rating, lang.
    static func search(_ request: SearchRequest) -> String {
        let query = request.query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return "search|\(query)|\(request.offset)|\(request.limit)|\(request.rating ?? "")|\(request.lang ?? "")"
    }

    static func trending(_ request: TrendingRequest) -> String {
        "trending|\(request.offset)|\(request.limit)|\(request.rating ?? "")"
    }

    static func gif(id: String) -> String { "gif|\(id)" }
}

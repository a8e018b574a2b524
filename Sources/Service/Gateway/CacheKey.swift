import ASCII

/// The cache key of a request: what makes two requests the same answer upstream.
enum CacheKey {
    /// Query trimmed, case-folded, inner whitespace collapsed; then offset, limit, rating, lang.
    /// Stickers and bundle-trimmed answers are other answers, so they get keys of their own.
    static func search(_ request: SearchRequest) -> String {
        // One string with room for it all: every cached search makes its key.
        var key = endpoint("search", request.type)
        key.reserveCapacity(48 + request.query.utf8.count)
        key += "|"
        key += folded(request.query)
        for part in [String(request.offset), String(request.limit), request.rating ?? "", request.lang ?? ""] {
            key += "|"
            key += part
        }
        if request.compactRenditions { key += "|compact" }
        if let order = request.order {
            key += "|order="
            key += order
        }
        return key
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

    static func folded(_ query: String) -> String {
        asciiFolded(query) ?? query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The same folding for ASCII text, byte by byte (most queries; every cached search passes
    /// here): lowercased, runs of ASCII whitespace (tab to carriage return, space) as one space,
    /// none at either end. Nil for any other text.
    private static func asciiFolded(_ query: String) -> String? {
        var folded: [UInt8] = []
        folded.reserveCapacity(query.utf8.count)
        var pendingSpace = false
        for byte in query.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D) {
                pendingSpace = !folded.isEmpty
                continue
            }
            if pendingSpace {
                folded.append(UInt8(ascii: " "))
                pendingSpace = false
            }
            folded.append(ASCIIByte.lowercased(byte))
        }
        return String(decoding: folded, as: UTF8.self)
    }

    static func item(id: String) -> String { "gif|\(id)" }
}

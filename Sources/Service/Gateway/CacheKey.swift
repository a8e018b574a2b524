import ASCII

/// The cache key of a request: what makes two requests the same answer upstream.
enum CacheKey {
    /// Query trimmed, case-folded, inner whitespace collapsed; then offset, limit, rating, lang.
    /// Stickers and bundle-trimmed answers are other answers, so they get keys of their own.
    /// `upstream` begins the key, as `GatewaySettings.key` would begin it.
    static func search(_ request: SearchRequest, upstream: String) -> String {
        // One string with room for it all: every cached search makes its key.
        var key = ""
        key.reserveCapacity(64 + upstream.utf8.count + request.query.utf8.count)
        key += upstream
        key += "|"
        key += endpoint("search", request.type)
        key += "|"
        if !appendASCIIFolded(request.query, to: &key) { key += folded(request.query) }
        key += "|"
        key += String(request.offset)
        key += "|"
        key += String(request.limit)
        key += "|"
        key += request.rating ?? ""
        key += "|"
        key += request.lang ?? ""
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
        var folded = ""
        return appendASCIIFolded(query, to: &folded) ? folded : nil
    }

    /// Appends the ASCII folding of `query` to `key`, folded in a buffer on the stack (the
    /// query's own length at most) so that no array is made; false, with `key` untouched, for
    /// any other text.
    private static func appendASCIIFolded(_ query: String, to key: inout String) -> Bool {
        guard query.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, query.utf8.count)) { buffer in
            var count = 0
            var pendingSpace = false
            for byte in query.utf8 {
                if byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D) {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    buffer[count] = UInt8(ascii: " ")
                    count += 1
                    pendingSpace = false
                }
                buffer[count] = ASCIIByte.lowercased(byte)
                count += 1
            }
            key += String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
        return true
    }

    static func item(id: String) -> String { "gif|\(id)" }
}

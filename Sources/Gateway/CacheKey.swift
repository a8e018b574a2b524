import Model
import ASCII

/// The cache key of a request: what makes two requests the same answer upstream.
enum CacheKey {
    /// Query trimmed, case-folded, inner whitespace collapsed; then offset, limit, rating, lang.
    /// Stickers and bundle-trimmed answers are other answers, so they get keys of their own.
    /// `upstream` begins the key, as `GatewaySettings.key` would begin it.
    static func search(_ request: SearchRequest, upstream: String) -> String {
        listKey(upstream: upstream, endpoint: endpoint("search", request.type), query: request.query, offset: request.offset,
                limit: request.limit, rating: request.rating, lang: request.lang ?? "", compact: request.compactRenditions,
                order: request.order)
    }

    /// Offset, limit and rating, as `search` writes them; `upstream` begins the key.
    static func trending(_ request: TrendingRequest, upstream: String) -> String {
        listKey(upstream: upstream, endpoint: endpoint("trending", request.type), query: nil, offset: request.offset,
                limit: request.limit, rating: request.rating, lang: nil, compact: request.compactRenditions, order: request.order)
    }

    /// `upstream|endpoint|[query|]offset|limit|rating[|lang][|compact][|order=…]`, `query` folded;
    /// nil leaves a part out. Every cached list makes its key, so it is written into one string's
    /// storage (appending a dozen parts to a String was 4% of a cached page's user time).
    private static func listKey(upstream: String, endpoint: String, query: String?, offset: Int, limit: Int,
                                rating: String?, lang: String?, compact: Bool, order: String?) -> String {
        // Other text than ASCII is folded on Characters first (rare); ASCII as it is written.
        let foldedOther = query.flatMap { $0.utf8.allSatisfy({ $0 < 0x80 }) ? nil : folded($0) }
        // 32 bytes hold the separators, "|compact" and "|order=".
        let capacity = 32 + 2 * PresizedBytes.maxDecimalBytes + upstream.utf8.count + endpoint.utf8.count
            + (foldedOther ?? query ?? "").utf8.count + (rating?.utf8.count ?? 0) + (lang?.utf8.count ?? 0)
            + (order?.utf8.count ?? 0)
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var key = PresizedBytes(buffer)
            key.append(upstream)
            key.append(UInt8(ascii: "|"))
            key.append(endpoint)
            key.append(UInt8(ascii: "|"))
            if let foldedOther {
                key.append(foldedOther)
                key.append(UInt8(ascii: "|"))
            } else if let query {
                foldASCII(query, into: &key)
                key.append(UInt8(ascii: "|"))
            }
            key.append(decimal: offset)
            key.append(UInt8(ascii: "|"))
            key.append(decimal: limit)
            key.append(UInt8(ascii: "|"))
            key.append(rating ?? "")
            if let lang {
                key.append(UInt8(ascii: "|"))
                key.append(lang)
            }
            if compact { key.append("|compact") }
            if let order {
                key.append("|order=")
                key.append(order)
            }
            return key.count
        }
    }

    static func searchSuggestions(_ query: String, limit: Int) -> String { "search_tags|\(folded(query))|\(limit)" }

    static let trendingSearches = "trending_searches"

    /// What a random pick is drawn from: its type, rating and tag as sent (never cached; the key
    /// of its "not found", `NotFoundMemory`).
    static func randomPool(tag: String?, rating: String?, type: MediaType) -> String {
        "\(endpoint("random", type))|\(rating ?? "")|\(tag ?? "")"
    }

    /// The endpoint's name for keys and metrics: "search" for GIFs, "stickers_search" for stickers.
    static func endpoint(_ name: String, _ type: MediaType) -> String {
        type == .gifs ? name : "\(type.rawValue)_\(name)"
    }

    static func folded(_ query: String) -> String {
        guard query.utf8.allSatisfy({ $0 < 0x80 }) else {
            return query.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return String(unsafeUninitializedCapacity: query.utf8.count) { buffer in
            var folded = PresizedBytes(buffer)
            foldASCII(query, into: &folded)
            return folded.count
        }
    }

    /// The folding of ASCII text, byte by byte (most queries; every cached search passes here):
    /// lowercased, runs of ASCII whitespace (tab to carriage return, space) as one space, none at
    /// either end. Writes at most the query's own length.
    private static func foldASCII(_ query: String, into out: inout PresizedBytes) {
        var wroteAny = false
        var pendingSpace = false
        for byte in query.utf8 {
            if byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D) {
                pendingSpace = wroteAny
                continue
            }
            if pendingSpace {
                out.append(UInt8(ascii: " "))
                pendingSpace = false
            }
            out.append(ASCIIByte.lowercased(byte))
            wroteAny = true
        }
    }

    /// `upstream` begins the key, as `GatewaySettings.key` would begin it; written in one string
    /// (every cached item makes its key).
    static func item(id: String, upstream: String) -> String {
        String(unsafeUninitializedCapacity: upstream.utf8.count + 5 + id.utf8.count) { buffer in
            var key = PresizedBytes(buffer)
            key.append(upstream)
            key.append("|gif|")
            key.append(id)
            return key.count
        }
    }
}

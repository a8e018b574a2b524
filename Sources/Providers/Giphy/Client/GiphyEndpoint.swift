import ASCII
import Foundation
import Model
import ProviderHTTP

/// One GIPHY call: its path under the base URL and its parameters, without the key.
/// `url(on:)` is the one place where `api_key` is added.
struct GiphyEndpoint: Sendable {
    /// Path segments under the base URL, unescaped (`["gifs", "search"]`).
    var path: [String]
    var parameters: [(name: String, value: String)]
    /// What a 404 means here: only a GIF looked up by id is "not found"; elsewhere it is a rejection.
    var notFoundMeansUnknownItem = false

    /// The path for logs and error reasons: never the query, so never the key.
    var displayPath: String { "/" + path.joined(separator: "/") }

    /// The base URL, "/" and the path escaped, "?", the parameters escaped, and `api_key` last.
    func url(on root: GiphyURLRoot) -> String {
        var capacity = root.key.count + 1
        for segment in path { capacity += segment.utf8.count + 1 }
        for parameter in parameters { capacity += parameter.name.utf8.count + parameter.value.utf8.count + 2 }
        var url = UpstreamURL(root.base, capacity: capacity)
        for segment in path { url.appendPathSegment(segment) }
        for parameter in parameters {
            // `fields` is the same ~400 characters on every search: escaped once.
            if parameter.name == "fields", parameter.value == GIFMapping.fields {
                url.appendEscapedParameter(Self.escapedFields)
            } else {
                url.appendParameter(parameter.name, parameter.value)
            }
        }
        url.appendEscapedParameter(root.key)
        return url.string()
    }

    private static let escapedFields = UpstreamURL.escapedParameter("fields", GIFMapping.fields)

    static func escape(_ text: String) -> String { QueryEscaping.escape(text) }
}

/// What every URL of one GIPHY client shares, made once: the base URL, and the key's parameter.
struct GiphyURLRoot: Sendable {
    let base: UpstreamURLBase
    /// `api_key=` and the key, escaped.
    let key: [UInt8]

    init?(base: URL, apiKey: String) {
        guard let base = UpstreamURLBase(base) else { return nil }
        self.base = base
        key = UpstreamURL.escapedParameter("api_key", apiKey)
    }
}

extension GiphyEndpoint {
    /// Search and trending also send `fields` (`GIFMapping.fields`): only what the mapping reads.
    /// GIPHY's rendition bundle holding the compact renditions (fixed_width, its still, original)
    /// and the rest of what a messaging grid draws: a much smaller body than every rendition.
    static let compactBundle = "messaging_non_clips"

    static func search(_ request: SearchRequest, countryCode: String?, randomID: String? = nil) -> GiphyEndpoint {
        var items: [(name: String, value: String)] = [
            ("q", request.query), ("limit", String(request.limit)), ("offset", String(request.offset)),
        ]
        items.appendIfPresent("rating", request.rating)
        items.appendIfPresent("lang", request.lang)
        items.appendIfPresent("country_code", countryCode)
        items.appendIfPresent("random_id", randomID)
        if request.compactRenditions { items.append(("bundle", compactBundle)) }
        items.append(("fields", GIFMapping.fields))
        return GiphyEndpoint(path: [collection(request.type), "search"], parameters: items)
    }

    static func trending(_ request: TrendingRequest, countryCode: String?, randomID: String? = nil) -> GiphyEndpoint {
        var items: [(name: String, value: String)] = [("limit", String(request.limit)), ("offset", String(request.offset))]
        items.appendIfPresent("rating", request.rating)
        items.appendIfPresent("country_code", countryCode)
        items.appendIfPresent("random_id", randomID)
        if request.compactRenditions { items.append(("bundle", compactBundle)) }
        items.append(("fields", GIFMapping.fields))
        return GiphyEndpoint(path: [collection(request.type), "trending"], parameters: items)
    }

    static func gif(id: String) -> GiphyEndpoint {
        GiphyEndpoint(path: ["gifs", id], parameters: [], notFoundMeansUnknownItem: true)
    }

    static func random(tag: String?, rating: String?, type: MediaType = .gifs) -> GiphyEndpoint {
        var items: [(name: String, value: String)] = []
        items.appendIfPresent("tag", tag)
        items.appendIfPresent("rating", rating)
        return GiphyEndpoint(path: [collection(type), "random"], parameters: items)
    }

    /// Autocomplete: `/v1/gifs/search/tags`.
    static func searchTags(query: String, limit: Int) -> GiphyEndpoint {
        GiphyEndpoint(path: ["gifs", "search", "tags"], parameters: [("q", query), ("limit", String(limit))])
    }

    static let trendingSearches = GiphyEndpoint(path: ["trending", "searches"], parameters: [])

    /// One `random_id` for this install: `{"data": {"random_id": "..."}}`.
    static let randomID = GiphyEndpoint(path: ["randomid"], parameters: [])

    /// GIPHY serves stickers from `/v1/stickers/...`, twins of the GIF endpoints.
    private static func collection(_ type: MediaType) -> String {
        switch type {
        case .gifs: "gifs"
        case .stickers: "stickers"
        }
    }
}

extension Array where Element == (name: String, value: String) {
    /// Adds the parameter unless it has no value (nil or blank): GIPHY reads "" differently from absent.
    mutating func appendIfPresent(_ name: String, _ value: String?) {
        guard let value, !WhiteSpace.isBlank(value) else { return }
        append((name, value))
    }
}

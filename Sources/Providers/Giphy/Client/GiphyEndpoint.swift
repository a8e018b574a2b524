import ASCII
import Foundation
import Model
import ProviderHTTP

/// One GIPHY call: its path under the base URL and its parameters, without the key.
/// `url(base:apiKey:)` is the one place where `api_key` is added.
struct GiphyEndpoint: Sendable {
    /// Path segments under the base URL, unescaped (`["gifs", "search"]`).
    var path: [String]
    var parameters: [(name: String, value: String)]
    /// What a 404 means here: only a GIF looked up by id is "not found"; elsewhere it is a rejection.
    var notFoundMeansUnknownItem = false

    /// The path for logs and error reasons: never the query, so never the key.
    var displayPath: String { "/" + path.joined(separator: "/") }

    func url(base: URL, apiKey: String) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + "/" + path.map(Self.escape).joined(separator: "/")
        let items = parameters + [(name: "api_key", value: apiKey)]
        // Escaped by hand: URLComponents leaves "+" as is in a query, and servers read it as a space.
        components.percentEncodedQuery = items.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" }
            .joined(separator: "&")
        return components.url
    }

    static func escape(_ text: String) -> String { QueryEscaping.escape(text) }
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

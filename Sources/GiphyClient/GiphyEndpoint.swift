import Foundation

/// One GIPHY call: its path under the base URL and its parameters, without the key.
/// `url(base:apiKey:)` is the one place where `api_key` is added.
struct GiphyEndpoint: Sendable {
    /// Path segments under the base URL, unescaped (`["gifs", "search"]`).
    var path: [String]
    var parameters: [(name: String, value: String)]
    /// What a 404 means here: only a GIF looked up by id is "not found"; elsewhere it is a rejection.
    var notFoundMeansUnknownGIF = false

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

    /// RFC 3986 unreserved characters stay; everything else is percent-encoded (so "+" is "%2B").
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension GiphyEndpoint {
    static func search(query: String, limit: Int, offset: Int, rating: String?, lang: String?,
                       countryCode: String?) -> GiphyEndpoint {
        var items: [(name: String, value: String)] = [("q", query), ("limit", String(limit)), ("offset", String(offset))]
        items.appendIfPresent("rating", rating)
        items.appendIfPresent("lang", lang)
        items.appendIfPresent("country_code", countryCode)
        return GiphyEndpoint(path: ["gifs", "search"], parameters: items)
    }

    static func trending(limit: Int, offset: Int, rating: String?, countryCode: String?) -> GiphyEndpoint {
        var items: [(name: String, value: String)] = [("limit", String(limit)), ("offset", String(offset))]
        items.appendIfPresent("rating", rating)
        items.appendIfPresent("country_code", countryCode)
        return GiphyEndpoint(path: ["gifs", "trending"], parameters: items)
    }

    static func gif(id: String) -> GiphyEndpoint {
        GiphyEndpoint(path: ["gifs", id], parameters: [], notFoundMeansUnknownGIF: true)
    }

    static func random(tag: String?, rating: String?) -> GiphyEndpoint {
        var items: [(name: String, value: String)] = []
        items.appendIfPresent("tag", tag)
        items.appendIfPresent("rating", rating)
        return GiphyEndpoint(path: ["gifs", "random"], parameters: items)
    }
}

extension Array where Element == (name: String, value: String) {
    /// Adds the parameter unless it has no value (nil or blank): GIPHY reads "" differently from absent.
    mutating func appendIfPresent(_ name: String, _ value: String?) {
        guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        append((name, value))
    }
}

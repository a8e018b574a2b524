import ASCII
import Foundation
import Model
import ProviderHTTP

/// One KLIPY call: `/api/v1/{app_key}/{gifs|stickers}/{action}` under the base URL, with its
/// parameters. `url(base:apiKey:)` is the one place the key is written in; `displayPath` names
/// it `{app_key}`, so no reason or log line holds it.
struct KlipyEndpoint: UpstreamEndpoint {
    var collection: String
    var action: String
    var parameters: [(name: String, value: String)]
    var notFoundMeansUnknownItem = false

    var upstreamName: String { "KLIPY" }

    var displayPath: String { "/api/v1/{app_key}/\(collection)/\(action)" }

    func url(base: URL, apiKey: String) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + "/" + ["api", "v1", apiKey, collection, action].map(QueryEscaping.escape)
            .joined(separator: "/")
        components.percentEncodedQuery = parameters.isEmpty ? nil : parameters
            .map { "\(QueryEscaping.escape($0.name))=\(QueryEscaping.escape($0.value))" }.joined(separator: "&")
        return components.url
    }
}

extension KlipyEndpoint {
    /// The query exactly as typed (KLIPY's ranking and its partners' reports read it), a page by
    /// number, the install's pseudonym, the language as KLIPY's `locale`, the content filter and
    /// only the formats served.
    static func search(_ request: SearchRequest, customerID: String?) -> KlipyEndpoint {
        var parameters: [(name: String, value: String)] = [("q", request.query)]
        parameters += common(offset: request.offset, limit: request.limit, rating: request.rating, customerID: customerID)
        if let lang = request.lang, !WhiteSpace.isBlank(lang) { parameters.append(("locale", lang)) }
        return KlipyEndpoint(collection: collection(request.type), action: "search", parameters: parameters)
    }

    static func trending(_ request: TrendingRequest, customerID: String?) -> KlipyEndpoint {
        KlipyEndpoint(collection: collection(request.type), action: "trending",
                      parameters: common(offset: request.offset, limit: request.limit, rating: request.rating, customerID: customerID))
    }

    /// Items by KLIPY's ids (`ids=`, as KLIPY's own clients look favorites up; its reference
    /// also takes `slugs=`, whose search forms change from answer to answer).
    static func items(id: String, sticker: Bool) -> KlipyEndpoint {
        KlipyEndpoint(collection: sticker ? "stickers" : "gifs", action: "items",
                      parameters: [("ids", id), ("format_filter", Klipy.servedFormats)], notFoundMeansUnknownItem: true)
    }

    private static func common(offset: Int, limit: Int, rating: String?, customerID: String?) -> [(name: String, value: String)] {
        let page = Klipy.page(offset: offset, limit: limit)
        var parameters: [(name: String, value: String)] = [("page", String(page.page)), ("per_page", String(page.perPage))]
        if let customerID { parameters.append(("customer_id", customerID)) }
        if let filter = Klipy.contentFilter(for: rating) { parameters.append(("content_filter", filter)) }
        parameters.append(("format_filter", Klipy.servedFormats))
        return parameters
    }

    private static func collection(_ type: MediaType) -> String {
        switch type {
        case .gifs: "gifs"
        case .stickers: "stickers"
        }
    }
}

import ASCII
import Foundation
import Model
import ProviderHTTP

/// One KLIPY call: `/api/v1/{app_key}/{gifs|stickers}/{action}` under the base URL, with its
/// parameters. `url(on:apiKey:)` is the one place the key is written in; `displayPath` names
/// it `{app_key}`, so no reason or log line holds it.
struct KlipyEndpoint: UpstreamEndpoint {
    var collection: String
    var action: String
    var parameters: [(name: String, value: String)]
    var notFoundMeansUnknownItem = false

    var upstreamName: String { "KLIPY" }

    var displayPath: String { "/api/v1/{app_key}/\(collection)/\(action)" }

    /// The base URL, "/api/v1/", the key, the collection and the action, each escaped, "?" and the
    /// parameters escaped (when there are any).
    func url(on base: UpstreamURLBase, apiKey: String) -> String {
        UpstreamURL.written(base, path: ["api", "v1", apiKey, collection, action], parameters: parameters)
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

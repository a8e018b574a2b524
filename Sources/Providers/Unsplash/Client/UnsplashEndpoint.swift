import ASCII
import Foundation
import Model
import ProviderHTTP

/// One Unsplash call: a path under the base URL with its parameters, or (download tracking) a
/// URL exactly as Unsplash gave it. The key is never part of either: it goes in a header.
struct UnsplashEndpoint: UpstreamEndpoint {
    /// Path segments under the base URL, unescaped (`["photos", "random"]`).
    var path: [String]
    var parameters: [(name: String, value: String)] = []
    /// Set for download tracking: requested as is, query kept.
    var absoluteURL: URL?
    var notFoundMeansUnknownItem = false

    var upstreamName: String { "Unsplash" }

    /// The path for logs and error reasons, never the query.
    var displayPath: String {
        if let absoluteURL { return absoluteURL.path.isEmpty ? "/" : absoluteURL.path }
        return "/" + path.joined(separator: "/")
    }

    /// `absoluteURL` when set; else the base URL, "/" and the path escaped, "?" and the parameters
    /// (nil without a usable base URL).
    func url(on base: UpstreamURLBase?) -> String? {
        if let absoluteURL { return absoluteURL.absoluteString }
        guard let base else { return nil }
        return UpstreamURL.written(base, path: path, parameters: parameters)
    }
}

extension UnsplashEndpoint {
    /// `page` from our offset: the service sends offsets that are multiples of the limit.
    static func search(_ request: SearchRequest) -> UnsplashEndpoint {
        var parameters = [("query", request.query)] + paging(offset: request.offset, limit: request.limit)
        if let order = request.order { parameters.append(("order_by", order)) }
        parameters += contentFilter(for: request.rating)
        return UnsplashEndpoint(path: ["search", "photos"], parameters: parameters)
    }

    /// The editorial feed, our "trending": `latest` unless asked for `popular`.
    static func editorialFeed(_ request: TrendingRequest) -> UnsplashEndpoint {
        let parameters = paging(offset: request.offset, limit: request.limit) + [("order_by", request.order ?? "latest")]
        return UnsplashEndpoint(path: ["photos"], parameters: parameters)
    }

    /// Unsplash rates no photo, but its search and random pick take `content_filter`: `high`
    /// leaves out what may not suit every age. Asked for when the rating sent, the server's content
    /// ceiling (`ContentCeiling`), is below r; at r (no ceiling) nothing is sent, and Unsplash's
    /// default, `low`, applies. Its editorial feed takes no filter (its editors pick it).
    private static func contentFilter(for rating: String?) -> [(name: String, value: String)] {
        guard let rating = rating.flatMap(Rating.init), rating < .r else { return [] }
        return [("content_filter", "high")]
    }

    static func photo(id: String) -> UnsplashEndpoint {
        UnsplashEndpoint(path: ["photos", id], notFoundMeansUnknownItem: true)
    }

    /// Unsplash answers 404 ("No photos found.") when nothing matches the query.
    static func random(query: String?, rating: String?) -> UnsplashEndpoint {
        var parameters: [(name: String, value: String)] = []
        if let query, !WhiteSpace.isBlank(query) { parameters.append(("query", query)) }
        parameters += contentFilter(for: rating)
        return UnsplashEndpoint(path: ["photos", "random"], parameters: parameters, notFoundMeansUnknownItem: true)
    }

    static func downloadTracking(_ url: URL) -> UnsplashEndpoint {
        UnsplashEndpoint(path: [], absoluteURL: url, notFoundMeansUnknownItem: true)
    }

    private static func paging(offset: Int, limit: Int) -> [(name: String, value: String)] {
        let page = Unsplash.page(offset: offset, limit: limit)
        return [("page", String(page.page)), ("per_page", String(page.perPage))]
    }
}

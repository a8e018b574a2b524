import Foundation
import Model
import ProviderHTTP

/// One Pexels call: a path under the base URL (`/v1/...`) with its parameters. The key is never
/// part of it: it goes in the `Authorization` header.
struct PexelsEndpoint: UpstreamEndpoint {
    /// Path segments under the base URL, unescaped (`["v1", "photos", "2014422"]`).
    var path: [String]
    var parameters: [(name: String, value: String)] = []
    var notFoundMeansUnknownItem = false

    var upstreamName: String { "Pexels" }

    /// The path for logs and error reasons, never the query.
    var displayPath: String { "/" + path.joined(separator: "/") }

    /// The base URL, "/" and the path escaped, "?" and the parameters escaped (when there are any).
    func url(on base: UpstreamURLBase) -> String {
        UpstreamURL.written(base, path: path, parameters: parameters)
    }
}

extension PexelsEndpoint {
    /// The query exactly as typed; `page` from our offset.
    static func search(query: String, offset: Int, limit: Int) -> PexelsEndpoint {
        PexelsEndpoint(path: ["v1", "search"], parameters: [("query", query)] + paging(offset: offset, limit: limit))
    }

    /// Pexels' curated photos, our "trending".
    static func curated(offset: Int, limit: Int) -> PexelsEndpoint {
        PexelsEndpoint(path: ["v1", "curated"], parameters: paging(offset: offset, limit: limit))
    }

    static func photo(id: String) -> PexelsEndpoint {
        PexelsEndpoint(path: ["v1", "photos", id], notFoundMeansUnknownItem: true)
    }

    private static func paging(offset: Int, limit: Int) -> [(name: String, value: String)] {
        let page = Pexels.page(offset: offset, limit: limit)
        return [("page", String(page.page)), ("per_page", String(page.perPage))]
    }
}

import DemoCatalog
import FakeUpstream
import HTTPServer
import JSON
import Synchronization
import UnsplashCatalog

/// Unsplash's endpoints over the photo catalog: HTTP and JSON around the catalog's own listing
/// rules (the demo provider serves the same rules in-process). Each call is counted, then meets
/// the armed faults, then the key check, then the hourly limit, then the endpoint itself.
final class FakeUnsplashAPI: Sendable {
    let catalog: PhotoCatalog
    let accessKey: String
    let faults: FaultBoard<FakeUnsplashFault>
    let calls: CallLog
    let rateLimit: RateLimitWindow
    private let random = Mutex(SeededGenerator(seed: 0x7261_6E64_6F6D))
    private let downloads: DownloadCounts

    init(catalog: PhotoCatalog, accessKey: String, faults: FaultBoard<FakeUnsplashFault>, calls: CallLog,
         rateLimit: RateLimitWindow, downloads: DownloadCounts) {
        self.catalog = catalog
        self.accessKey = accessKey
        self.faults = faults
        self.calls = calls
        self.rateLimit = rateLimit
        self.downloads = downloads
    }

    func addRoutes(to router: inout RouterBuilder) {
        router.get("/search/photos") { [self] request in try await serve(request, search) }
        router.get("/photos") { [self] request in try await serve(request, feed) }
        router.get("/photos/random") { [self] request in try await serve(request, randomPhoto) }
        router.get("/photos/{id}") { [self] request in try await serve(request, photo) }
        router.get("/photos/{id}/download") { [self] request in try await serve(request, download) }
    }

    private func serve(_ request: HTTPRequest, _ endpoint: (HTTPRequest) -> HTTPResponse) async throws -> HTTPResponse {
        if let fault = try await faults.meet(request, calls: calls), let response = UnsplashFaultResponses.response(for: fault, catalog: catalog) {
            return response
        }
        guard request.headers["Authorization"] == "Client-ID \(accessKey)" else {
            return UnsplashFaultResponses.errors(401, ["OAuth error: The access token is invalid"])
        }
        guard let remaining = rateLimit.take() else {
            var refused = UnsplashFaultResponses.rateLimitExceeded()
            withRateLimit(&refused, remaining: 0)
            return refused
        }
        var response = endpoint(request)
        withRateLimit(&response, remaining: remaining)
        return response
    }

    private func withRateLimit(_ response: inout HTTPResponse, remaining: Int) {
        response.headers.add(name: "X-Ratelimit-Limit", value: String(rateLimit.limit))
        response.headers.add(name: "X-Ratelimit-Remaining", value: String(remaining))
    }

    private func search(_ request: HTTPRequest) -> HTTPResponse {
        guard let query = PhotoCatalog.checkedQuery(request.query["query"]) else {
            return UnsplashFaultResponses.errors(400, ["query is missing"])
        }
        guard let paging = PhotoPaging(request.query) else { return UnsplashFaultResponses.errors(400, ["page or per_page is invalid"]) }
        guard let order = PhotoCatalog.SearchOrder(parameter: request.query["order_by"]) else {
            return UnsplashFaultResponses.errors(400, ["order_by is invalid"])
        }
        let all = catalog.search(query, order: order)
        let page = paging.searchSlice(of: all)
        let totalPages = page.isEmpty ? 0 : (all.count + paging.perPage - 1) / paging.perPage
        let body = PhotoJSON.searchResults(page, total: all.count, totalPages: totalPages, in: catalog, apiBase: Self.apiBase(request))
        return paged(body, request, total: all.count, paging: paging)
    }

    /// The editorial feed: a bare list.
    private func feed(_ request: HTTPRequest) -> HTTPResponse {
        guard let paging = PhotoPaging(request.query) else { return UnsplashFaultResponses.errors(400, ["page or per_page is invalid"]) }
        let order = PhotoCatalog.FeedOrder(parameter: request.query["order_by"])
        let all = catalog.feed(order: order)
        let body = FakeBody.array(paging.slice(of: all)) { writer, photo in
            PhotoJSON.write(photo, in: catalog, apiBase: Self.apiBase(request), detail: false, to: &writer)
        }
        return paged(body, request, total: all.count, paging: paging)
    }

    private func photo(_ request: HTTPRequest) -> HTTPResponse {
        guard let id = request.pathParameters["id"], let photo = catalog.photo(id: id) else {
            return UnsplashFaultResponses.errors(404, ["Couldn't find Photo"])
        }
        return FakeBody.response(200, FakeBody.value { writer in
            PhotoJSON.write(photo, in: catalog, apiBase: Self.apiBase(request), detail: true, to: &writer)
        })
    }

    /// One photo, or with `count` (1-30) a list; 404 when nothing matches the query.
    private func randomPhoto(_ request: HTTPRequest) -> HTTPResponse {
        let count = request.query["count"].map { Int($0) }
        if let count, !(1...PhotoPaging.maxPerPage).contains(count ?? 0) { return UnsplashFaultResponses.errors(400, ["count must be between 1 and 30"]) }
        let pool = catalog.randomPool(query: request.query["query"])
        guard !pool.isEmpty else { return UnsplashFaultResponses.errors(404, ["No photos found."]) }
        let picks = random.withLock { generator in (0..<(count.flatMap { $0 } ?? 1)).map { _ in pool[generator.below(pool.count)] } }
        let apiBase = Self.apiBase(request)
        func write(_ photo: CatalogPhoto, to writer: inout JSONWriter) {
            PhotoJSON.write(photo, in: catalog, apiBase: apiBase, detail: true, to: &writer)
        }
        // Without `count` one photo, not a list of one.
        return FakeBody.response(200, count == nil
            ? FakeBody.value { writer in write(picks[0], to: &writer) }
            : FakeBody.array(picks) { writer, photo in write(photo, to: &writer) })
    }

    /// Download tracking: counted per photo, answered with the image's url.
    private func download(_ request: HTTPRequest) -> HTTPResponse {
        guard let id = request.pathParameters["id"], let photo = catalog.photo(id: id) else {
            return UnsplashFaultResponses.errors(404, ["Couldn't find Photo"])
        }
        downloads.add(id: id)
        let url = catalog.rawURL(of: photo) + "&fm=jpg"
        return FakeBody.response(200, FakeBody.object { writer in writer.member("url", url) })
    }

    /// A list answer with Unsplash's paging headers: `X-Total`, `X-Per-Page` and `Link`.
    private func paged(_ body: [UInt8], _ request: HTTPRequest, total: Int, paging: PhotoPaging) -> HTTPResponse {
        var response = FakeBody.response(200, body)
        response.headers.add(name: "X-Total", value: String(total))
        response.headers.add(name: "X-Per-Page", value: String(paging.perPage))
        let link = paging.linkHeader(base: Self.apiBase(request) + request.path, query: request.query, total: total)
        if !link.isEmpty { response.headers.add(name: "Link", value: link) }
        return response
    }

    /// The fake's own origin, as the caller reached it: Unsplash's links point at its API host.
    static func apiBase(_ request: HTTPRequest) -> String {
        "http://" + (request.headers["Host"] ?? "127.0.0.1")
    }
}

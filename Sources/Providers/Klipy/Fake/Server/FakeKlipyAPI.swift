import DemoCatalog
import FakeUpstream
import HTTPServer
import KlipyCatalog

/// KLIPY's endpoints over the catalog: search, trending and items for GIFs and stickers. Each
/// call is counted, then meets the armed faults, then the key check (401 for a key KLIPY does not
/// know), then the minute's limit (429 with `Retry-After`), then the endpoint itself.
final class FakeKlipyAPI: Sendable {
    let catalog: KlipyCatalog
    let apiKey: String
    let faults: FaultBoard<FakeKlipyFault>
    let calls: CallLog
    let limit: KlipyMinuteLimit

    init(catalog: KlipyCatalog, apiKey: String, faults: FaultBoard<FakeKlipyFault>, calls: CallLog, limit: KlipyMinuteLimit) {
        (self.catalog, self.apiKey, self.faults, self.calls, self.limit) = (catalog, apiKey, faults, calls, limit)
    }

    func addRoutes(to router: inout RouterBuilder) {
        for kind in KlipyKind.allCases {
            let base = "/api/v1/{app_key}/\(kind.collection)"
            router.get(base + "/search") { [self] request in try await serve(request) { search($0, kind: kind) } }
            router.get(base + "/trending") { [self] request in try await serve(request) { trending($0, kind: kind) } }
            router.get(base + "/items") { [self] request in try await serve(request) { items($0, kind: kind) } }
        }
    }

    private func serve(_ request: HTTPRequest, _ endpoint: (HTTPRequest) -> HTTPResponse) async throws -> HTTPResponse {
        if let fault = try await faults.meet(request, calls: calls), let response = response(for: fault) { return response }
        guard request.pathParameters["app_key"] == apiKey else { return Self.error(401, "Unauthorized: unknown app key") }
        switch limit.take() {
        case .failure(let refused):
            var response = Self.error(429, "Too Many Attempts.")
            response.headers.add(name: "Retry-After", value: String(refused.retryAfterSeconds))
            withLimit(&response, remaining: 0)
            return response
        case .success(let remaining):
            var response = endpoint(request)
            withLimit(&response, remaining: remaining)
            return response
        }
    }

    private func withLimit(_ response: inout HTTPResponse, remaining: Int) {
        response.headers.add(name: "X-RateLimit-Limit", value: String(limit.limit))
        response.headers.add(name: "X-RateLimit-Remaining", value: String(remaining))
    }

    private func search(_ request: HTTPRequest, kind: KlipyKind) -> HTTPResponse {
        guard let paging = paging(request, search: true) else { return Self.error(422, "The per page must be between 8 and 50.") }
        guard let filter = filter(request) else { return Self.error(422, "The selected content filter is invalid.") }
        let all = catalog.search(request.query["q"] ?? "", kind: kind, filter: filter)
        return FakeBody.response(200, KlipyJSON.page(paging.slice(of: all), paging: paging, hasNext: paging.hasNext(total: all.count),
                                                     in: catalog, formats: formats(request)))
    }

    private func trending(_ request: HTTPRequest, kind: KlipyKind) -> HTTPResponse {
        guard let paging = paging(request, search: false) else { return Self.error(422, "The per page must be between 1 and 50.") }
        guard let filter = filter(request) else { return Self.error(422, "The selected content filter is invalid.") }
        let all = catalog.trending(kind: kind, filter: filter)
        return FakeBody.response(200, KlipyJSON.page(paging.slice(of: all), paging: paging, hasNext: paging.hasNext(total: all.count),
                                                     in: catalog, formats: formats(request)))
    }

    /// `ids=` (or `slugs=`), comma-separated: the items of this kind found, in the order asked;
    /// none found is an empty list, not a 404.
    private func items(_ request: HTTPRequest, kind: KlipyKind) -> HTTPResponse {
        let ids = (request.query["ids"] ?? "").split(separator: ",").compactMap { Int($0) }
        let slugs = Set((request.query["slugs"] ?? "").split(separator: ",").map(String.init))
        let found = ids.compactMap(catalog.item(id:)) + catalog.items.filter { slugs.contains($0.slug) }
        return FakeBody.response(200, KlipyJSON.items(found.filter { $0.kind == kind }, in: catalog, formats: formats(request)))
    }

    /// `page` (1) and `per_page` (24) when absent; nil for KLIPY's validation error.
    private func paging(_ request: HTTPRequest, search: Bool) -> KlipyPaging? {
        guard let page = Int(request.query["page"] ?? "1"), let perPage = Int(request.query["per_page"] ?? "\(KlipyPaging.defaultPerPage)") else {
            return nil
        }
        return KlipyPaging(page: page, perPage: perPage, search: search)
    }

    /// `content_filter`; absent is off (no filtering); an unknown level is refused.
    private func filter(_ request: HTTPRequest) -> KlipyContentFilter? {
        guard let text = request.query["content_filter"] else { return .off }
        return KlipyContentFilter(rawValue: text)
    }

    /// `format_filter`: only these formats are sent; absent, all five.
    private func formats(_ request: HTTPRequest) -> Set<String>? {
        request.query["format_filter"].map { Set($0.split(separator: ",").map(String.init)) }
    }

    private func response(for fault: FakeKlipyFault) -> HTTPResponse? {
        switch fault {
        case .delay: return nil
        case .status(let status, let message): return Self.error(status, message)
        case .tooManyRequests:
            var response = Self.error(429, "Too Many Attempts.")
            response.headers.add(name: "Retry-After", value: "42")
            withLimit(&response, remaining: 0)
            return response
        case .resultFalse: return FakeBody.response(200, KlipyJSON.error("Something went wrong"))
        case .notJSON:
            return HTTPResponse(status: .ok, contentType: "text/html", body: Array("<html><body>KLIPY is down for maintenance</body></html>".utf8))
        case .truncatedJSON:
            guard let paging = KlipyPaging(page: 1, perPage: 8, search: true) else { return nil }
            let full = KlipyJSON.page(Array(catalog.items.prefix(8)), paging: paging, hasNext: true, in: catalog, formats: nil)
            return FakeBody.response(200, Array(full.prefix(full.count / 2)))
        }
    }

    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        FakeBody.response(status, KlipyJSON.error(message))
    }
}

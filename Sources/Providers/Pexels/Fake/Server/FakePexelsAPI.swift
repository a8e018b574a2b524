import DemoCatalog
import FakeUpstream
import Foundation
import HTTPServer
import JSON
import PexelsCatalog

/// Pexels' endpoints over the catalog. Each call is counted, then meets the armed faults, then the
/// key check, then the hourly and monthly limits, then the endpoint itself.
final class FakePexelsAPI: Sendable {
    let catalog: PexelsCatalog
    let apiKey: String
    let faults: FaultBoard<FakePexelsFault>
    let calls: CallLog
    let hourly: RateLimitWindow
    let monthly: RateLimitWindow
    let resetTime: Int

    init(catalog: PexelsCatalog, apiKey: String, faults: FaultBoard<FakePexelsFault>, calls: CallLog, hourly: RateLimitWindow,
         monthly: RateLimitWindow, resetTime: Int) {
        (self.catalog, self.apiKey, self.faults, self.calls) = (catalog, apiKey, faults, calls)
        (self.hourly, self.monthly, self.resetTime) = (hourly, monthly, resetTime)
    }

    func addRoutes(to router: inout RouterBuilder) {
        router.get("/v1/search") { [self] request in try await serve(request, search) }
        router.get("/v1/curated") { [self] request in try await serve(request, curated) }
        router.get("/v1/photos/{id}") { [self] request in try await serve(request, photo) }
    }

    private func serve(_ request: HTTPRequest, _ endpoint: (HTTPRequest) -> HTTPResponse) async throws -> HTTPResponse {
        if let fault = try await faults.meet(request, calls: calls), let response = PexelsFaultResponses.response(for: fault, catalog: catalog) {
            return response
        }
        // Pexels' front refuses a call that names no User-Agent, before the key is looked at.
        guard let agent = request.headers["User-Agent"], !agent.allSatisfy(\.isWhitespace) else {
            return HTTPResponse(status: HTTPStatus(code: 403), contentType: "text/html", body: Array("<html><body>Forbidden</body></html>".utf8))
        }
        // The key bare, as Pexels takes it: "Bearer KEY" or "Client-ID KEY" is a wrong key.
        guard request.headers["Authorization"] == apiKey else {
            return PexelsFaultResponses.error(401, FakePexels.unauthorizedMessage)
        }
        // Over either limit: 429, and no rate-limit header (Pexels sends them on 2xx answers only).
        guard hourly.take() != nil, let remaining = monthly.take() else {
            return PexelsFaultResponses.error(429, "Too Many Requests")
        }
        var response = endpoint(request)
        if (200...299).contains(response.status.code) {
            response.headers.add(name: "X-Ratelimit-Limit", value: String(monthly.limit))
            response.headers.add(name: "X-Ratelimit-Remaining", value: String(remaining))
            response.headers.add(name: "X-Ratelimit-Reset", value: String(resetTime))
        }
        return response
    }

    private func search(_ request: HTTPRequest) -> HTTPResponse {
        guard let query = request.query["query"], !query.allSatisfy(\.isWhitespace) else {
            return PexelsFaultResponses.error(400, "query is required")
        }
        return list(catalog.search(query), request)
    }

    private func curated(_ request: HTTPRequest) -> HTTPResponse {
        list(catalog.curated, request)
    }

    private func photo(_ request: HTTPRequest) -> HTTPResponse {
        guard let id = request.pathParameters["id"], let photo = catalog.photo(id: id) else {
            return PexelsFaultResponses.error(404, "Not Found")
        }
        return FakeBody.response(200, FakeBody.value { writer in PexelsPhotoJSON.write(photo, in: catalog, to: &writer) })
    }

    private func list(_ all: [PexelsCatalogPhoto], _ request: HTTPRequest) -> HTTPResponse {
        guard let page = Int(request.query["page"] ?? "1"),
              let perPage = Int(request.query["per_page"] ?? String(PexelsPaging.defaultPerPage)),
              let paging = PexelsPaging(page: page, perPage: perPage) else {
            return PexelsFaultResponses.error(400, "page or per_page is invalid")
        }
        let others = request.query.filter { $0.name != "page" && $0.name != "per_page" }
        let base = "http://" + (request.headers["Host"] ?? "127.0.0.1") + request.path + "/"
        let body = PexelsPhotoJSON.page(paging.slice(of: all), paging: paging, total: all.count, in: catalog) { page in
            let items = ["page=\(page)", "per_page=\(paging.perPage)"] + others.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" }
            return base + "?" + items.joined(separator: "&")
        }
        return FakeBody.response(200, body)
    }

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
}

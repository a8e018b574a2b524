import DemoCatalog
import FakeUpstream
import Foundation
import GiphyCatalog
import HTTPServer
import Synchronization

/// GIPHY's endpoints over the catalog, under /v1/gifs and /v1/stickers: HTTP and JSON around the
/// catalog's own listing rules (the demo provider serves the same rules in-process). Each call is
/// counted, then meets the armed faults, then the key check, then the endpoint itself.
final class FakeGiphyAPI: Sendable {
    static let maxIDs = 100

    let catalog: GIFCatalog
    let apiKey: String
    let faults: FaultBoard<FakeGiphyFault>
    let calls: CallLog
    /// Where the GIFs' pingback urls point (`http://host:port`), once known.
    /// Owned by `FakeGiphy`, which points it once it knows its port.
    let analyticsHost: PingbackHost
    /// Random picks and response ids: deterministic per fake, shared by its loops.
    private let random: Mutex<SeededGenerator>

    init(catalog: GIFCatalog, apiKey: String, faults: FaultBoard<FakeGiphyFault>, calls: CallLog, seed: UInt64,
         analyticsHost: PingbackHost) {
        self.analyticsHost = analyticsHost
        self.catalog = catalog
        self.apiKey = apiKey
        self.faults = faults
        self.calls = calls
        random = Mutex(SeededGenerator(seed: seed))
    }

    func addRoutes(to router: inout RouterBuilder) {
        for kind in APIKind.allCases {
            let base = "/v1/\(kind.rawValue)"
            router.get("\(base)/search") { [self] request in try await serve(request) { search($0, kind: kind) } }
            router.get("\(base)/search/tags") { [self] request in try await serve(request) { searchTags($0) } }
            router.get("\(base)/trending") { [self] request in try await serve(request) { trending($0, kind: kind) } }
            router.get("\(base)/random") { [self] request in try await serve(request) { random($0, kind: kind) } }
            router.get("\(base)/{id}") { [self] request in try await serve(request) { byID($0, kind: kind) } }
            router.get(base) { [self] request in try await serve(request) { byIDs($0, kind: kind) } }
        }
        router.get("/v1/trending/searches") { [self] request in try await serve(request) { _ in trendingSearches() } }
        router.get("/v1/randomid") { [self] request in try await serve(request) { _ in randomID() } }
    }

    private func serve(_ request: HTTPRequest, endpoint: (HTTPRequest) -> HTTPResponse) async throws -> HTTPResponse {
        if let fault = try await faults.meet(request, calls: calls),
           let response = FaultResponses.response(for: fault, catalog: catalog) {
            return response
        }
        // GIPHY's two 401 bodies: the API's meta envelope without a key, the gateway's message for a wrong one.
        guard let key = request.query["api_key"], !key.isEmpty else {
            return FakeBody.response(401, Envelope.metaError(status: 401, message: "Unauthorized"))
        }
        guard key == apiKey else {
            return FakeBody.response(401, Envelope.messageError("Invalid authentication credentials"))
        }
        return endpoint(request)
    }

    private func search(_ request: HTTPRequest, kind: APIKind) -> HTTPResponse {
        let query: String
        do { query = try GIFCatalog.checkedQuery(request.query["q"]) } catch { return refused(error) }
        return list(request, kind: kind) { catalog.search(query, rating: $0) }
    }

    private func trending(_ request: HTTPRequest, kind: APIKind) -> HTTPResponse {
        list(request, kind: kind) { catalog.trending(rating: $0) }
    }

    private func list(_ request: HTTPRequest, kind: APIKind, results: (RatingFilter) -> [CatalogGIF]) -> HTTPResponse {
        let paging: GIFPaging
        do { paging = try GIFPaging(request.query) } catch { return refused(error) }
        let all = results(paging.rating)
        let page = paging.page(of: all).map { RenditionBundle.trim($0, to: request.query["bundle"]) }
        return FakeBody.response(200, Envelope.list(
            page, kind: kind, totalCount: all.count, offset: paging.offset, responseID: responseID(),
            analyticsBase: analyticsHost.current, fields: FieldSelection(parameter: request.query["fields"])))
    }

    private func byID(_ request: HTTPRequest, kind: APIKind) -> HTTPResponse {
        guard let id = request.pathParameters["id"], let gif = catalog.gif(id: id) else {
            return FakeBody.response(404, Envelope.metaError(status: 404, message: "Not Found", responseID: responseID()))
        }
        return FakeBody.response(200, Envelope.single(gif, kind: kind, responseID: responseID(), analyticsBase: analyticsHost.current))
    }

    private func byIDs(_ request: HTTPRequest, kind: APIKind) -> HTTPResponse {
        let ids = (request.query["ids"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !ids.isEmpty, ids.count <= Self.maxIDs else { return badRequest("ids") }
        let found = ids.compactMap(catalog.gif(id:))
        return FakeBody.response(200, Envelope.list(found, kind: kind, totalCount: found.count, offset: 0,
                                                    responseID: responseID(), analyticsBase: analyticsHost.current))
    }

    private func random(_ request: HTTPRequest, kind: APIKind) -> HTTPResponse {
        let rating: RatingFilter
        do { rating = try RatingFilter.checked(request.query["rating"]) } catch { return refused(error) }
        let pool = catalog.randomPool(tag: request.query["tag"], rating: rating)
        guard !pool.isEmpty else { return FakeBody.response(200, Envelope.emptyRandom(responseID: responseID())) }
        let pick = random.withLock { $0.below(pool.count) }
        return FakeBody.response(200, Envelope.single(pool[pick], kind: kind, responseID: responseID(),
                                                      analyticsBase: analyticsHost.current))
    }

    /// Autocomplete: catalog terms starting with `q`, as `{"name", "analytics_response_payload"}`.
    private func searchTags(_ request: HTTPRequest) -> HTTPResponse {
        let terms: [String]
        do {
            // Text that is not an integer (an empty one too) is refused as a limit below 1 is.
            terms = try catalog.autocomplete(request.query["q"], limit: request.query["limit"].map { Int($0) ?? 0 })
        } catch {
            return refused(error)
        }
        return FakeBody.response(200, Envelope.tags(terms, responseID: responseID()))
    }

    /// Trending search terms: a list of strings.
    private func trendingSearches() -> HTTPResponse {
        FakeBody.response(200, Envelope.searches(catalog.trendingSearches, responseID: responseID()))
    }

    /// `/v1/randomid`: a new id on every call, as GIPHY gives one per install.
    private func randomID() -> HTTPResponse {
        let id = random.withLock { $0.string(32, from: SeededGenerator.lowercaseAlphanumerics) }
        return FakeBody.response(200, Envelope.randomID(id, responseID: responseID()))
    }

    /// GIPHY's answer to a refused call: 400 naming the parameter, or 414 for a query too long.
    private func refused(_ refusal: GIFRefusal) -> HTTPResponse {
        switch refusal {
        case .badParameter(let name): badRequest(name)
        case .queryTooLong:
            FakeBody.response(414, Envelope.metaError(status: 414, message: "URI Too Long", responseID: responseID()))
        }
    }

    private func badRequest(_ parameter: String) -> HTTPResponse {
        FakeBody.response(400, Envelope.metaError(status: 400, message: "Validation error: \(parameter)", responseID: responseID()))
    }

    /// GIPHY's response ids look like 40 lowercase letters and digits.
    private func responseID() -> String {
        random.withLock { $0.string(40, from: SeededGenerator.lowercaseAlphanumerics) }
    }
}

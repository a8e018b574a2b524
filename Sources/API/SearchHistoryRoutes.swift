import Service
import HTTPServer

/// GET /search/history?contains= (newest first) and DELETE /search/history.
enum SearchHistoryRoutes {
    struct HistoryList: Encodable {
        let data: [SearchHistoryEntry]
    }

    static func register(on router: inout RouterBuilder, backend: Backend) {
        router.serve(.get, "/search/history") { request in
            let entries = try await backend.searchHistory(contains: request.query["contains"])
            var response = try JSONResponse.make(HistoryList(data: entries))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
        router.serve(.delete, "/search/history") { _ in
            try await backend.clearSearchHistory()
            return HTTPResponse(status: .noContent)
        }
    }
}

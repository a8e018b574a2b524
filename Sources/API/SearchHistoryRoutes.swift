import GifService
import HTTPServer

/// GET /search/history?contains= (newest first) and DELETE /search/history.
enum SearchHistoryRoutes {
    struct HistoryList: Encodable {
        let data: [SearchHistoryEntry]
    }

    static func register(on router: inout RouterBuilder, backend: GifBackend) {
        router.get("/search/history") { request in
            let contains = request.query["contains"]
            var response = try JSONResponse.make(HistoryList(data: try await answering { try await backend.searchHistory(contains: contains) }))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
        router.delete("/search/history") { _ in
            try await answering { try await backend.clearSearchHistory() }
            return HTTPResponse(status: .noContent)
        }
    }
}

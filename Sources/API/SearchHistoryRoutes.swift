import Service
import HTTPServer

/// GET /search/history?contains= (newest first) and DELETE /search/history, the asking install's.
enum SearchHistoryRoutes {
    struct HistoryList: Encodable {
        let data: [SearchHistoryEntry]
    }

    static func register(on router: inout RouterBuilder, backend: Backend) {
        router.serve(.get, "/search/history") { request in
            let install = try await InstallAccess.forKeeping(request, backend: backend)
            let entries = try await backend.searchHistory(contains: request.query["contains"], install: install)
            var response = try JSONResponse.make(HistoryList(data: entries))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
        router.serve(.delete, "/search/history") { request in
            try await backend.clearSearchHistory(install: try await InstallAccess.forKeeping(request, backend: backend))
            return HTTPResponse(status: .noContent)
        }
    }
}

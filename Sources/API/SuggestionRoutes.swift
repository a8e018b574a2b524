import Service
import HTTPServer

/// GET /search/suggestions?q=&limit= (searches to offer while typing) and GET /trending/searches.
enum SuggestionRoutes {
    struct SuggestionItem: Encodable {
        let query: String
        let source: String
    }

    struct SuggestionList: Encodable {
        let data: [SuggestionItem]
    }

    struct TermList: Encodable {
        let data: [String]
    }

    static func register(on router: inout RouterBuilder, backend: Backend) {
        router.serve(.get, "/search/suggestions") { request in
            let install = try await InstallAccess.forKeeping(request, backend: backend)
            let limit = try RequestInputs.limit(request.query["limit"], default: Backend.defaultSuggestionLimit,
                                                range: Backend.suggestionLimitRange)
            let words = try RequestInputs.words(request.query["q"], name: "q")
            let suggestions = try await backend.suggestions(for: words, limit: limit, install: install)
            var response = try JSONResponse.make(SuggestionList(data: suggestions.map {
                SuggestionItem(query: $0.query, source: $0.source.text)
            }))
            // The history part changes with every search.
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
        router.serve(.get, "/trending/searches") { _ in
            let fetched = try await backend.trendingSearches()
            var response = try JSONResponse.make(TermList(data: fetched.value))
            CacheHeaders.apply(fetched, to: &response)
            return response
        }
    }
}

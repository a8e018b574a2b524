import Gateway
import JSON
import Service
import Model
import HTTPServer
import Primitives

/// GET /search/suggestions?q=&limit= (searches to offer while typing) and GET /trending/searches.
enum SuggestionRoutes {
    struct SuggestionList: JSONWritable {
        let data: [Suggestion]

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.key("data")
                writer.array(data) { writer, suggestion in
                    writer.object { writer in
                        writer.member("query", suggestion.query)
                        writer.member("source", suggestion.source.text)
                    }
                }
            }
        }
    }

    struct TermList: JSONWritable {
        let data: [String]

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.key("data")
                writer.array(data) { writer, term in writer.string(term) }
            }
        }
    }

    /// The upstream calls they make are charged as a search's are (`BrowseRoutes.payer`).
    static func register(on router: inout RouterBuilder, history: History, installs: Installs, proxies: TrustedProxies) {
        router.serveWaiting(.get, "/search/suggestions") { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs).value()
            let limit = try RequestInputs.limit(request.query["limit"], default: History.defaultSuggestionLimit,
                                                range: History.suggestionLimitRange)
            let words = try RequestInputs.words(request.query["q"], name: "q")
            let suggestions = try await history.suggestions(for: words, limit: limit, install: install,
                                                            payer: BrowseRoutes.payer(of: request, install: install, proxies: proxies))
            var response = JSONResponse.write(SuggestionList(data: suggestions), sizeHint: 64 + suggestions.count * 64)
            // The history part changes with every search.
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
        router.serveWaiting(.get, "/trending/searches") { request in
            // No install needed to read them: a call is charged to the address.
            let fetched = try await history.trendingSearches(payer: BrowseRoutes.payer(of: request, install: nil, proxies: proxies))
            var response = JSONResponse.write(TermList(data: fetched.value), sizeHint: 64 + fetched.value.count * 32)
            // Terms carry no favorite marks: kept as long as the server keeps them fresh.
            CacheHeaders.apply(fetched, to: &response, keptAtMost: nil)
            return response
        }
    }
}

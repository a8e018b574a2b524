import JSON
import Service
import Model
import HTTPServer
import Primitives

/// GET /search/history?contains= (newest first) and DELETE /search/history, the asking install's.
enum SearchHistoryRoutes {
    struct HistoryList: JSONWritable {
        let data: [SearchHistoryEntry]

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.key("data")
                writer.array(data) { writer, entry in
                    writer.object { writer in
                        writer.member("query", entry.query)
                        writer.member("searched_at", ISO8601.string(from: entry.searchedAt))
                    }
                }
            }
        }
    }

    static func register(on router: inout RouterBuilder, history: History, installs: Installs) {
        router.serveWaiting(.get, "/search/history") { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs).value()
            let entries = try await history.list(contains: try RequestInputs.historyFragment(request.query["contains"]), install: install)
            var response = JSONResponse.write(HistoryList(data: entries), sizeHint: 64 + entries.count * 64)
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
        router.serveWaiting(.delete, "/search/history") { request in
            try await history.clear(install: try await InstallAccess.forKeeping(request, installs: installs).value())
            return HTTPResponse(status: .noContent)
        }
    }
}

import GifService
import HTTPServer

/// GET /search, /trending, /gif/{id}, /random: GIPHY trimmed to what a client draws.
enum BrowseRoutes {
    static func register(on router: inout RouterBuilder, backend: GifBackend) {
        router.get("/search") { request in
            let query = request.query
            let page = try await answering {
                try await backend.search(q: query["q"], offset: query["offset"], limit: query["limit"],
                                         rating: query["rating"], lang: query["lang"])
            }
            return try JSONResponse.make(page)
        }
        router.get("/trending") { request in
            let query = request.query
            let page = try await answering {
                try await backend.trending(offset: query["offset"], limit: query["limit"], rating: query["rating"])
            }
            return try JSONResponse.make(page)
        }
        router.get("/gif/{id}") { request in
            let id = request.pathParameters["id"]
            return try JSONResponse.make(try await answering { try await backend.gif(id: id) })
        }
        router.get("/random") { request in
            let query = request.query
            return try JSONResponse.make(try await answering { try await backend.random(tag: query["tag"], rating: query["rating"]) })
        }
    }
}

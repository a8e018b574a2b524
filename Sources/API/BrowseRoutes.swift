import GifService
import HTTPServer

/// GET /search, /trending, /gif/{id}, /random: GIPHY trimmed to what a client draws.
/// Each answer says where it came from (X-Cache: HIT, MISS or STALE).
enum BrowseRoutes {
    static func register(on router: inout RouterBuilder, backend: GifBackend) {
        router.get("/search") { request in
            let query = request.query
            let page = try await answering {
                try await backend.search(q: query["q"], offset: query["offset"], limit: query["limit"],
                                         rating: query["rating"], lang: query["lang"])
            }
            var response = JSONResponse.write(page.value, sizeHint: 512 + page.value.data.count * 1200)
            CacheHeaders.apply(page, to: &response)
            return response
        }
        router.get("/trending") { request in
            let query = request.query
            let page = try await answering {
                try await backend.trending(offset: query["offset"], limit: query["limit"], rating: query["rating"])
            }
            var response = JSONResponse.write(page.value, sizeHint: 512 + page.value.data.count * 1200)
            CacheHeaders.apply(page, to: &response)
            return response
        }
        router.get("/gif/{id}") { request in
            let id = request.pathParameters["id"]
            let gif = try await answering { try await backend.gif(id: id) }
            var response = JSONResponse.write(StaleMarkedGIF(gif: gif.value, stale: gif.isStale))
            CacheHeaders.apply(gif, to: &response)
            return response
        }
        router.get("/random") { request in
            let query = request.query
            let gif = try await answering { try await backend.random(tag: query["tag"], rating: query["rating"]) }
            var response = JSONResponse.write(gif)
            response.headers.set(name: "X-Cache", value: CacheStatus.miss.rawValue)
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
        router.get("/spotlight") { request in
            let tag = request.query["tag"]
            let spotlight = try await answering { try await backend.spotlight(tag: tag) }
            var response = try JSONResponse.make(spotlight)
            let source: CacheStatus = spotlight.stale == true ? .stale : spotlight.pickedNow ? .miss : .hit
            response.headers.set(name: "X-Cache", value: source.rawValue)
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
    }
}

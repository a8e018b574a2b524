import GifService
import HTTPServer

/// GET /search, /trending, /gif/{id}, /random, /spotlight: GIPHY trimmed to what a client draws.
/// `type=stickers` lists stickers instead of GIFs on search, trending and random.
/// Each answer says where it came from (X-Cache: HIT, MISS or STALE).
enum BrowseRoutes {
    static func register(on router: inout RouterBuilder, backend: GIFBackend) {
        router.serve(.get, "/search") { request in
            let query = request.query
            // Checked in this order, so a request with several faults always names the same one.
            let pageRequest = try RequestInputs.page(query)
            let rating = try RequestInputs.rating(query["rating"])
            let lang = try RequestInputs.lang(query["lang"])
            let words = try RequestInputs.words(query["q"], name: "q")
            let type = try RequestInputs.mediaType(query["type"])
            let fetched = try await backend.search(words, page: pageRequest, rating: rating, lang: lang, type: type)
            return pageResponse(fetched)
        }
        router.serve(.get, "/trending") { request in
            let query = request.query
            let pageRequest = try RequestInputs.page(query, offsetRange: PageRequest.trendingOffsetRange)
            let rating = try RequestInputs.rating(query["rating"])
            let type = try RequestInputs.mediaType(query["type"])
            return pageResponse(try await backend.trending(page: pageRequest, rating: rating, type: type))
        }
        router.serve(.get, "/gif/{id}") { request in
            let gif = try await backend.gif(id: try RequestInputs.gifID(request.pathParameters["id"]))
            var response = JSONResponse.write(StaleMarkedGIF(gif: gif.value, stale: gif.isStale))
            CacheHeaders.apply(gif, to: &response)
            return response
        }
        router.serve(.get, "/random") { request in
            let tag = try RequestInputs.words(request.query["tag"], name: "tag")
            let rating = try RequestInputs.rating(request.query["rating"])
            let type = try RequestInputs.mediaType(request.query["type"])
            var response = JSONResponse.write(try await backend.random(tag: tag, rating: rating, type: type))
            response.headers.set(name: "X-Cache", value: CacheHeaders.text(.miss))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
        router.serve(.get, "/spotlight") { request in
            let tag = try RequestInputs.words(request.query["tag"], name: "tag")
            let spotlight = try await backend.spotlight(tag: tag)
            var response = JSONResponse.write(spotlight)
            let source: CacheStatus = spotlight.stale == true ? .stale : spotlight.pickedNow ? .miss : .hit
            response.headers.set(name: "X-Cache", value: CacheHeaders.text(source))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
    }

    private static func pageResponse(_ page: Fetched<GIFPage>) -> HTTPResponse {
        var response = JSONResponse.write(page.value, sizeHint: 512 + page.value.data.count * 1200)
        CacheHeaders.apply(page, to: &response)
        return response
    }
}

import GifService
import HTTPServer

/// GET /search, /trending, /gif/{id}, /random, /spotlight: GIPHY trimmed to what a client draws.
/// `type=stickers` lists stickers instead of GIFs on search, trending and random.
/// Each answer says where it came from (X-Cache: HIT, MISS or STALE). Pages are compact unless
/// `renditions` asks for more; a page made from a cached answer is written once and kept.
enum BrowseRoutes {
    static func register(on router: inout RouterBuilder, backend: GIFBackend) {
        let bodies = RenderedBodies()
        let details = RenderedBodies(maxCount: 1024, maxBytes: 16 << 20)
        router.serve(.get, "/search") { request in
            let query = request.query
            // Checked in this order, so a request with several faults always names the same one.
            let pageRequest = try RequestInputs.page(query)
            let rating = try RequestInputs.rating(query["rating"])
            let lang = try RequestInputs.lang(query["lang"])
            let words = try RequestInputs.words(query["q"], name: "q")
            let type = try RequestInputs.mediaType(query["type"])
            let form = try RequestInputs.listForm(query["renditions"])
            let fetched = try await backend.searchAnswer(words, page: pageRequest, rating: rating, lang: lang, type: type, form: form)
            return pageResponse(fetched, form: form, bodies: bodies)
        }
        router.serve(.get, "/trending") { request in
            let query = request.query
            let pageRequest = try RequestInputs.page(query, offsetRange: PageRequest.trendingOffsetRange)
            let rating = try RequestInputs.rating(query["rating"])
            let type = try RequestInputs.mediaType(query["type"])
            let form = try RequestInputs.listForm(query["renditions"])
            return pageResponse(try await backend.trendingAnswer(page: pageRequest, rating: rating, type: type, form: form), form: form, bodies: bodies)
        }
        router.serve(.get, "/gif/{id}") { request in
            let id = try RequestInputs.gifID(request.pathParameters["id"])
            let form = try RequestInputs.singleForm(request.query["renditions"])
            let gif = try await backend.gif(id: id)
            // A GIF from a cached answer is written once per favorite mark and form, then kept.
            let key = gif.status == .hit ? gif.answerID.map { "\($0)|\(gif.value.isFavorite == true)|\(form.key)" } : nil
            var response = details.response(for: key) {
                var writer = JSONWriter(capacity: 4096)
                StaleMarkedGIF(gif: gif.value, stale: gif.isStale, form: form).write(to: &writer)
                return writer.bytes
            }
            CacheHeaders.apply(gif, to: &response)
            return response
        }
        router.serve(.get, "/random") { request in
            let tag = try RequestInputs.words(request.query["tag"], name: "tag")
            let rating = try RequestInputs.rating(request.query["rating"])
            let type = try RequestInputs.mediaType(request.query["type"])
            var response = JSONResponse.write(StaleMarkedGIF(gif: try await backend.random(tag: tag, rating: rating, type: type), stale: false))
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

    private static func pageResponse(_ answer: Fetched<PageAnswer>, form: GIFForm, bodies: RenderedBodies) -> HTTPResponse {
        var response = bodies.response(for: answer.value.contentKey.map { "\($0)|\(form.key)" }) {
            let page = answer.value.page()
            return PageJSON(page: page, form: form).jsonBytes(capacity: 512 + page.data.count * 1600)
        }
        CacheHeaders.apply(answer, to: &response)
        return response
    }
}

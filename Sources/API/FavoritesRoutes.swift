import Foundation
import GifService
import HTTPServer

/// GET/POST /favorites and DELETE /favorites/{id}. Listing never calls the upstream.
enum FavoritesRoutes {
    struct FavoritesList: JSONWritable {
        let data: [Favorite]
        let count: Int
        let limit: Int

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("count", count)
                writer.key("data")
                writer.array(data) { writer, favorite in favorite.write(to: &writer) }
                writer.member("limit", limit)
            }
        }
    }

    static func register(on router: inout RouterBuilder, backend: GIFBackend) {
        router.serve(.get, "/favorites") { _ in
            let favorites = try await backend.listFavorites()
            var response = JSONResponse.write(FavoritesList(data: favorites, count: favorites.count, limit: backend.favoritesLimit))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
        router.serve(.post, "/favorites") { request in
            let id = try RequestInputs.gifID(try JSONBody.stringField("id", of: request))
            switch try await backend.addFavorite(id: id) {
            case .added(let favorite): return JSONResponse.write(favorite, status: .created)
            case .alreadyExisted(let favorite): return JSONResponse.write(favorite, status: .ok)
            }
        }
        router.serve(.delete, "/favorites/{id}") { request in
            try await backend.removeFavorite(id: try RequestInputs.gifID(request.pathParameters["id"]))
            return HTTPResponse(status: .noContent)
        }
    }
}

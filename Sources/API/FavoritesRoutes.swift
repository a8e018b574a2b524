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

    static func register(on router: inout RouterBuilder, backend: GifBackend) {
        router.get("/favorites") { _ in
            let favorites = try await answering { try await backend.listFavorites() }
            var response = JSONResponse.write(FavoritesList(data: favorites, count: favorites.count, limit: backend.favoritesLimit))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
        router.post("/favorites") { request in
            let id = try JSONBody.stringField("id", of: request)
            let result = try await answering { try await backend.addFavorite(id: id) }
            switch result {
            case .added(let favorite): return JSONResponse.write(favorite, status: .created)
            case .alreadyExisted(let favorite): return JSONResponse.write(favorite, status: .ok)
            }
        }
        router.delete("/favorites/{id}") { request in
            let id = request.pathParameters["id"]
            try await answering { try await backend.removeFavorite(id: id) }
            return HTTPResponse(status: .noContent)
        }
    }
}

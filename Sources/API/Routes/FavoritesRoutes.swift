import Wire
import JSON
import Foundation
import Service
import Model
import HTTPServer
import Primitives

/// GET/POST /favorites and DELETE /favorites/{id}, the asking install's. Listing never calls the
/// upstream, nor the store: the list is the backend's memory, written once per version (which
/// names one install's content) and form, then kept.
enum FavoritesRoutes {
    struct FavoritesList: JSONWritable {
        let data: [Favorite]
        let count: Int
        let limit: Int
        var form = ItemForm.compact

        func write(to writer: inout JSONWriter) {
            writer.object { writer in
                writer.member("count", count)
                writer.key("data")
                writer.array(data) { writer, favorite in favorite.write(to: &writer, form: form) }
                writer.member("limit", limit)
            }
        }
    }

    /// What a kept favorites list's body is: the install's list at a version, in a form.
    struct ListBodyKey: Hashable, Sendable {
        let install: InstallID
        let version: UInt64
        let form: ItemForm.Key
    }

    static func register(on router: inout RouterBuilder, favorites: Favorites, installs: Installs, links: LinkBase, proxies: TrustedProxies) {
        let lists = FavoritesLists(favorites: favorites, bodies: RenderedBodies<ListBodyKey>(maxCount: 16))
        // Runs on the event loop: answered at once when memory holds the install and its list
        // (after the first read), else on a worker after the wait.
        router.serve(.get, "/favorites") { request in
            try InstallAccess.forKeeping(request, installs: installs).then(with: (lists, links, request)) { context, install in
                let form = try RequestInputs.listForm(context.2.query["renditions"], linked: context.1.forms(for: context.2))
                return context.0.list(install: install, form: form, request: context.2)
            }
        }
        router.serveWaiting(.post, "/favorites") { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs).value()
            let id = try RequestInputs.itemID(try JSONBody.stringField("id", of: request))
            let form = links.forms(for: request).full
            switch try await favorites.add(id: id, install: install, payer: BrowseRoutes.payer(of: request, install: install, proxies: proxies)) {
            case .added(let favorite): return JSONResponse.write(FavoriteJSON(favorite: favorite, form: form), status: .created)
            case .alreadyExisted(let favorite): return JSONResponse.write(FavoriteJSON(favorite: favorite, form: form), status: .ok)
            }
        }
        router.serveWaiting(.delete, "/favorites/{id}") { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs).value()
            try await favorites.remove(id: try RequestInputs.itemID(request.pathParameters["id"]), install: install)
            return HTTPResponse(status: .noContent)
        }
    }

    /// An install's favorites list as a response, ready or pending as the list is.
    struct FavoritesLists: Sendable {
        let favorites: Favorites
        let bodies: RenderedBodies<ListBodyKey>

        func list(install: InstallID, form: ItemForm, request: HTTPRequest) -> HTTPAnswer {
            favorites.listing(install: install).map(with: (self, install, form, request)) { context, listing in
                context.0.response(listing, install: context.1, form: context.2, request: context.3)
            }
        }

        private func response(_ listing: FavoritesListing, install: InstallID, form: ItemForm, request: HTTPRequest) -> HTTPResponse {
            let limit = favorites.limit
            var response = bodies.response(for: ListBodyKey(install: install, version: listing.version, form: form.key), to: request) {
                let list = FavoritesList(data: listing.favorites, count: listing.favorites.count, limit: limit, form: form)
                return list.jsonBytes(capacity: 256 + listing.favorites.count * 1600)
            }
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
    }
}

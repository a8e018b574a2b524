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

    /// What a kept favorites list's body is: the install's list at a version, filtered by the
    /// blocks at a version, in a form.
    struct ListBodyKey: Hashable, Sendable {
        let install: InstallID
        let version: UInt64
        let blocks: UInt64
        let form: ItemForm.Key
    }

    static func register(on router: inout RouterBuilder, favorites: Favorites, installs: Installs, links: LinkBase, proxies: TrustedProxies) {
        let lists = FavoritesLists(favorites: favorites, links: links, bodies: RenderedBodies<ListBodyKey>(maxCount: 16))
        // Runs on the event loop: answered at once when memory holds the install and its list
        // (after the first read), else on a worker after the wait.
        router.serve(.get, "/favorites") { request in
            switch try InstallAccess.forKeeping(request, installs: installs) {
            case .ready(let install):
                return try lists.list(install: install, request: request)
            case .pending(let wait):
                return .pending { try await lists.list(install: try await wait(), request: request).value() }
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

    /// An install's favorites list as a response, ready or pending as the list is. A class: a
    /// pending answer captures one reference.
    final class FavoritesLists: Sendable {
        let favorites: Favorites
        let links: LinkBase
        let bodies: RenderedBodies<ListBodyKey>

        init(favorites: Favorites, links: LinkBase, bodies: RenderedBodies<ListBodyKey>) {
            (self.favorites, self.links, self.bodies) = (favorites, links, bodies)
        }

        func list(install: InstallID, request: HTTPRequest) throws(ServiceError) -> HTTPAnswer {
            let form = try RequestInputs.listForm(request.query["renditions"], linked: links.forms(for: request))
            switch favorites.listing(install: install) {
            case .ready(let listing): return .ready(response(listing, install: install, form: form, request: request))
            case .pending(let wait): return .pending { [self] in response(try await wait(), install: install, form: form, request: request) }
            }
        }

        private func response(_ listing: FavoritesListing, install: InstallID, form: ItemForm, request: HTTPRequest) -> HTTPResponse {
            let limit = favorites.limit
            var response = bodies.response(for: ListBodyKey(install: install, version: listing.version, blocks: listing.blocks, form: form.key), to: request) {
                let list = FavoritesList(data: listing.favorites, count: listing.favorites.count, limit: limit, form: form)
                return list.jsonBytes(capacity: 256 + listing.favorites.count * 1600)
            }
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
    }
}

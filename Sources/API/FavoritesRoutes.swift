import Wire
import JSON
import Foundation
import Service
import Model
import Primitives
import HTTPServer

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
        let bodies = RenderedBodies<ListBodyKey>(maxCount: 16)
        // Answered at once when memory holds the install and its list (after the first read).
        router.serve(.get, "/favorites", atOnce: { request in
            guard let install = try InstallAccess.forKeepingKept(request, installs: installs) else { return nil }
            let form = try RequestInputs.listForm(request.query["renditions"], linked: links.forms(for: request))
            guard case .ready(let listing) = favorites.listing(install: install) else { return nil }
            return listResponse(listing, install: install, form: form, limit: favorites.limit, bodies: bodies, request: request)
        }) { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs)
            let form = try RequestInputs.listForm(request.query["renditions"], linked: links.forms(for: request))
            let listing = try await favorites.listing(install: install).value()
            return listResponse(listing, install: install, form: form, limit: favorites.limit, bodies: bodies, request: request)
        }
        router.serve(.post, "/favorites") { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs)
            let id = try RequestInputs.itemID(try JSONBody.stringField("id", of: request))
            let form = links.forms(for: request).full
            switch try await favorites.add(id: id, install: install, payer: BrowseRoutes.payer(of: request, install: install, proxies: proxies)) {
            case .added(let favorite): return JSONResponse.write(FavoriteJSON(favorite: favorite, form: form), status: .created)
            case .alreadyExisted(let favorite): return JSONResponse.write(FavoriteJSON(favorite: favorite, form: form), status: .ok)
            }
        }
        router.serve(.delete, "/favorites/{id}") { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs)
            try await favorites.remove(id: try RequestInputs.itemID(request.pathParameters["id"]), install: install)
            return HTTPResponse(status: .noContent)
        }
    }

    private static func listResponse(_ listing: FavoritesListing, install: InstallID, form: ItemForm, limit: Int,
                                     bodies: RenderedBodies<ListBodyKey>, request: HTTPRequest) -> HTTPResponse {
        var response = bodies.response(for: ListBodyKey(install: install, version: listing.version, form: form.key), to: request) {
            let list = FavoritesList(data: listing.favorites, count: listing.favorites.count, limit: limit, form: form)
            return list.jsonBytes(capacity: 256 + listing.favorites.count * 1600)
        }
        response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
        return response
    }
}

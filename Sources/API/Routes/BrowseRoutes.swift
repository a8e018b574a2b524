import Gateway
import Wire
import JSON
import Service
import Model
import HTTPServer
import Primitives

/// GET /search, /trending, /gif/{id} (also /items/{id}), /random, /spotlight: each provider's
/// items trimmed to what a client draws, marked with the asking install's favorites (a search is
/// recorded in its history). `provider` names one provider, strictly; without it, `kind` (gifs,
/// photos) picks a chain, else the default chain, whose first provider able to answer does
/// (`ProviderChain`); `type=stickers` lists GIPHY's stickers; `order_by` orders Unsplash's lists.
/// Each answer says where it came from (X-Cache: HIT, MISS or STALE). Pages are compact unless
/// `renditions` asks for more; a page made from a cached answer is written once and kept. An
/// upstream call a request makes is charged to its install, or its address (`payer`).
enum BrowseRoutes {
    static func register(on router: inout RouterBuilder, browse: Browse, providers: ProviderGateways, installs: Installs, links: LinkBase,
                         proxies: TrustedProxies) {
        let answers = BrowseAnswers(browse: browse, providers: providers, links: links, proxies: proxies, pages: RenderedBodies<PageBodyKey>(),
                                    details: RenderedBodies<DetailBodyKey>(maxCount: 1024, maxBytes: 16 << 20))
        router.serve(.get, "/search") { request in try answers.answer(request, as: SearchQuery.self, installs: installs) }
        router.serve(.get, "/trending") { request in try answers.answer(request, as: TrendingQuery.self, installs: installs) }
        // /items/{id} is the provider-neutral name; /gif/{id} stays for the GIF apps.
        for template in ["/gif/{id}", "/items/{id}"] {
            router.serve(.get, template) { request in try answers.answer(request, as: ItemQuery.self, installs: installs) }
        }
        router.serveWaiting(.post, "/items/{id}/download") { request in
            let install = try await InstallAccess.forBrowsing(request, installs: installs).value()
            let id = try RequestInputs.itemID(request.pathParameters["id"])
            let download = try await browse.download(id: id, provider: try providers.provider(of: id), install: install,
                                                     payer: payer(of: request, install: install, proxies: proxies))
            var response = JSONResponse.write(DownloadJSON(download: download, form: links.forms(for: request).full))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
        router.serveWaiting(.get, "/random") { request in
            let install = try await InstallAccess.forBrowsing(request, installs: installs).value()
            let chain = try RequestInputs.providers(request.query, among: providers)
            let tag = try RequestInputs.words(request.query["tag"], name: "tag")
            let rating = try RequestInputs.rating(request.query["rating"])
            let type = try RequestInputs.mediaType(request.query["type"], provider: chain.first)
            let item = try await browse.random(tag: tag, rating: rating, type: type, providers: chain, install: install,
                                               payer: payer(of: request, install: install, proxies: proxies))
            var response = JSONResponse.write(StaleMarkedItem(item: item, stale: false, form: links.forms(for: request).full))
            response.headers.set(name: "X-Cache", value: CacheHeaders.text(.miss))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
        router.serveWaiting(.get, "/spotlight") { request in
            let install = try await InstallAccess.forBrowsing(request, installs: installs).value()
            let chain = try RequestInputs.providers(request.query, among: providers)
            let tag = try RequestInputs.words(request.query["tag"], name: "tag")
            let spotlight = try await browse.spotlight(tag: tag, providers: chain, install: install,
                                                       payer: payer(of: request, install: install, proxies: proxies))
            var response = JSONResponse.write(SpotlightJSON(spotlight: spotlight, form: links.forms(for: request).full))
            let source: CacheStatus = spotlight.stale == true ? .stale : spotlight.pickedNow ? .miss : .hit
            response.headers.set(name: "X-Cache", value: CacheHeaders.text(source))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.revalidate)
            return response
        }
    }

    /// Who the upstream calls a request makes are charged to: its install, else the address it
    /// comes from, as installs are counted (an IPv6 client by its /64).
    static func payer(of request: HTTPRequest, install: InstallID?, proxies: TrustedProxies) -> CallPayer {
        CallPayer(install: install, address: { ClientAddress.installClient(of: request, trusting: proxies).address })
    }

    /// What a kept page's body is: the cached answer as marked, and the form it is written in.
    /// Kept as parts, hashed as they are: nothing is joined into a string per request.
    struct PageBodyKey: Hashable, Sendable {
        let content: PageAnswer.ContentKey
        let form: ItemForm.Key
    }

    /// What a kept item's body is: the cached answer, its favorite mark, and the form.
    struct DetailBodyKey: Hashable, Sendable {
        let answerID: UInt64
        let isFavorite: Bool
        let form: ItemForm.Key
    }
}

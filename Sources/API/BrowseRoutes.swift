import Gateway
import Wire
import JSON
import Service
import Model
import HTTPServer

/// GET /search, /trending, /gif/{id} (also /items/{id}), /random, /spotlight: each provider's
/// items trimmed to what a client draws, marked with the asking install's favorites (a search is
/// recorded in its history). `provider` picks GIPHY or Unsplash (the default is the
/// server's); `type=stickers` lists GIPHY's stickers; `order_by` orders Unsplash's lists.
/// Each answer says where it came from (X-Cache: HIT, MISS or STALE). Pages are compact unless
/// `renditions` asks for more; a page made from a cached answer is written once and kept. An
/// upstream call a request makes is charged to its install, or its address (`payer`).
enum BrowseRoutes {
    static func register(on router: inout RouterBuilder, browse: Browse, providers: ProviderGateways, installs: Installs, links: LinkBase,
                         proxies: TrustedProxies) {
        let bodies = RenderedBodies<PageBodyKey>()
        let details = RenderedBodies<DetailBodyKey>(maxCount: 1024, maxBytes: 16 << 20)
        // Each page and item route answers at once from memory when it can (a cached answer, the
        // install known), else on a worker; both ways read the same inputs and rules.
        router.serve(.get, "/search", atOnce: { request in
            guard let acting = try InstallAccess.forBrowsingKept(request, installs: installs) else { return nil }
            let ask = try PageInputs.search(request, providers: providers, links: links)
            guard let kept = browse.keptSearchAnswer(ask.words, page: ask.page, rating: ask.rating, lang: ask.lang, type: ask.type,
                                                     form: ask.form, provider: ask.provider, order: ask.order,
                                                     install: acting.install) else { return nil }
            return pageResponse(kept, form: ask.form, bodies: bodies, request: request)
        }) { request in
            let install = try await InstallAccess.forBrowsing(request, installs: installs)
            let ask = try PageInputs.search(request, providers: providers, links: links)
            let fetched = try await browse.searchAnswer(ask.words, page: ask.page, rating: ask.rating, lang: ask.lang, type: ask.type,
                                                         form: ask.form, provider: ask.provider, order: ask.order, install: install,
                                                         payer: payer(of: request, install: install, proxies: proxies))
            return pageResponse(fetched, form: ask.form, bodies: bodies, request: request)
        }
        router.serve(.get, "/trending", atOnce: { request in
            guard let acting = try InstallAccess.forBrowsingKept(request, installs: installs) else { return nil }
            let ask = try PageInputs.trending(request, providers: providers, links: links)
            guard let kept = browse.keptTrendingAnswer(page: ask.page, rating: ask.rating, type: ask.type, form: ask.form,
                                                       provider: ask.provider, order: ask.order, install: acting.install) else { return nil }
            return pageResponse(kept, form: ask.form, bodies: bodies, request: request)
        }) { request in
            let install = try await InstallAccess.forBrowsing(request, installs: installs)
            let ask = try PageInputs.trending(request, providers: providers, links: links)
            let fetched = try await browse.trendingAnswer(page: ask.page, rating: ask.rating, type: ask.type, form: ask.form,
                                                           provider: ask.provider, order: ask.order, install: install,
                                                           payer: payer(of: request, install: install, proxies: proxies))
            return pageResponse(fetched, form: ask.form, bodies: bodies, request: request)
        }
        // /items/{id} is the provider-neutral name; /gif/{id} stays for the GIF apps.
        for template in ["/gif/{id}", "/items/{id}"] {
            router.serve(.get, template, atOnce: { request in
                guard let acting = try InstallAccess.forBrowsingKept(request, installs: installs) else { return nil }
                let ask = try ItemInputs.of(request, providers: providers, links: links)
                guard let kept = try browse.keptItem(id: ask.id, provider: ask.provider, install: acting.install) else { return nil }
                return itemResponse(kept, form: ask.form, details: details, request: request)
            }) { request in
                let install = try await InstallAccess.forBrowsing(request, installs: installs)
                let ask = try ItemInputs.of(request, providers: providers, links: links)
                let item = try await browse.item(id: ask.id, provider: ask.provider, install: install,
                                                 payer: payer(of: request, install: install, proxies: proxies))
                return itemResponse(item, form: ask.form, details: details, request: request)
            }
        }
        router.serve(.post, "/items/{id}/download") { request in
            let install = try await InstallAccess.forBrowsing(request, installs: installs)
            let id = try RequestInputs.itemID(request.pathParameters["id"])
            let download = try await browse.download(id: id, provider: try providers.provider(of: id), install: install,
                                                     payer: payer(of: request, install: install, proxies: proxies))
            var response = JSONResponse.write(DownloadJSON(download: download, form: links.forms(for: request).full))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
        router.serve(.get, "/random") { request in
            let install = try await InstallAccess.forBrowsing(request, installs: installs)
            let provider = try RequestInputs.provider(request.query["provider"], among: providers)
            let tag = try RequestInputs.words(request.query["tag"], name: "tag")
            let rating = try RequestInputs.rating(request.query["rating"])
            let type = try RequestInputs.mediaType(request.query["type"], provider: provider)
            let item = try await browse.random(tag: tag, rating: rating, type: type, provider: provider, install: install,
                                               payer: payer(of: request, install: install, proxies: proxies))
            var response = JSONResponse.write(StaleMarkedItem(item: item, stale: false, form: links.forms(for: request).full))
            response.headers.set(name: "X-Cache", value: CacheHeaders.text(.miss))
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
        router.serve(.get, "/spotlight") { request in
            let install = try await InstallAccess.forBrowsing(request, installs: installs)
            let provider = try RequestInputs.provider(request.query["provider"], among: providers)
            let tag = try RequestInputs.words(request.query["tag"], name: "tag")
            let spotlight = try await browse.spotlight(tag: tag, provider: provider, install: install,
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

    /// An item from a cached answer is written once per favorite mark and form, then kept.
    private static func itemResponse(_ item: Fetched<MarkedItem>, form: ItemForm, details: RenderedBodies<DetailBodyKey>,
                                     request: HTTPRequest) -> HTTPResponse {
        let key = item.status == .hit ? item.answerID.map { DetailBodyKey(answerID: $0, isFavorite: item.value.isFavorite, form: form.key) } : nil
        var response = details.response(for: key, to: request) {
            var writer = JSONWriter(capacity: 4096)
            StaleMarkedItem(item: item.value.item, stale: item.isStale, form: form).write(to: &writer)
            return writer.bytes
        }
        CacheHeaders.apply(item, to: &response, keptAtMost: CacheHeaders.favoriteMarksLimit)
        return response
    }

    private static func pageResponse(_ answer: Fetched<PageAnswer>, form: ItemForm, bodies: RenderedBodies<PageBodyKey>,
                                     request: HTTPRequest) -> HTTPResponse {
        var response = bodies.response(for: answer.value.contentKey.map { PageBodyKey(content: $0, form: form.key) }, to: request) {
            let page = answer.value.page()
            return PageJSON(page: page, form: form).jsonBytes(capacity: 512 + page.data.count * 1600)
        }
        CacheHeaders.apply(answer, to: &response, keptAtMost: CacheHeaders.favoriteMarksLimit)
        return response
    }
}

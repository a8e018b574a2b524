import Gateway
import Wire
import JSON
import Service
import Model
import HTTPServer
import Primitives

/// The page and item answers of the browse routes: the service's answer, ready or pending, made
/// into a response. A page or item from a cached answer is written once per form (and favorite
/// mark, and install's favorites version) and then reused (`RenderedBodies`). A class: each
/// pending answer captures it, one reference, not its many parts.
final class BrowseAnswers: Sendable {
    let browse: Browse
    let providers: ProviderGateways
    let links: LinkBase
    let proxies: TrustedProxies
    let pages: RenderedBodies<BrowseRoutes.PageBodyKey>
    let details: RenderedBodies<BrowseRoutes.DetailBodyKey>

    init(browse: Browse, providers: ProviderGateways, links: LinkBase, proxies: TrustedProxies,
         pages: RenderedBodies<BrowseRoutes.PageBodyKey>, details: RenderedBodies<BrowseRoutes.DetailBodyKey>) {
        (self.browse, self.providers, self.links, self.proxies) = (browse, providers, links, proxies)
        (self.pages, self.details) = (pages, details)
    }

    /// A page or item route's answer, on the event loop: the install (first, as every route that
    /// reads a token), then the query, then the answer, each at once when memory holds it, else on
    /// a worker after its wait. Each step switches on the one before (`ReadyOrPending`).
    @inline(__always)
    func answer<Query: BrowseRequest>(_ request: HTTPRequest, as: Query.Type, installs: Installs) throws(ServiceError) -> HTTPAnswer {
        switch try InstallAccess.forBrowsing(request, installs: installs) {
        case .ready(let install):
            return try answer(request, as: Query.self, install: install)
        case .pending(let wait):
            return .pending { [self] in try await answer(request, as: Query.self, install: try await wait()).value() }
        }
    }

    @inline(__always)
    private func answer<Query: BrowseRequest>(_ request: HTTPRequest, as: Query.Type, install: InstallID?) throws(ServiceError) -> HTTPAnswer {
        try Query.of(request, install: install, providers: providers, links: links).answer(with: self, to: request)
    }

    func search(_ query: SearchQuery, request: HTTPRequest) -> HTTPAnswer {
        switch browse.search(query, payer: BrowseRoutes.payer(of: request, install: query.install, proxies: proxies)) {
        case .ready(let answer): return .ready(page(answer, form: query.form, request: request))
        case .pending(let wait): return .pending { [self] in page(try await wait(), form: query.form, request: request) }
        }
    }

    func trending(_ query: TrendingQuery, request: HTTPRequest) -> HTTPAnswer {
        switch browse.trending(query, payer: BrowseRoutes.payer(of: request, install: query.install, proxies: proxies)) {
        case .ready(let answer): return .ready(page(answer, form: query.form, request: request))
        case .pending(let wait): return .pending { [self] in page(try await wait(), form: query.form, request: request) }
        }
    }

    func item(_ query: ItemQuery, request: HTTPRequest) throws(ServiceError) -> HTTPAnswer {
        switch try browse.item(query, payer: BrowseRoutes.payer(of: request, install: query.install, proxies: proxies)) {
        case .ready(let item): return .ready(detail(item, form: query.form, request: request))
        case .pending(let wait): return .pending { [self] in detail(try await wait(), form: query.form, request: request) }
        }
    }

    private func page(_ answer: Fetched<PageAnswer>, form: ItemForm, request: HTTPRequest) -> HTTPResponse {
        var response = pages.response(for: answer.value.contentKey.map { BrowseRoutes.PageBodyKey(content: $0, form: form.key) }, to: request) {
            let page = answer.value.kept()
            return PageJSON(kept: page, form: form).jsonBytes(capacity: 512 + page.marks.count * 1600)
        }
        CacheHeaders.apply(answer, to: &response, keptAtMost: CacheHeaders.favoriteMarksLimit)
        return response
    }

    private func detail(_ item: Fetched<MarkedItem>, form: ItemForm, request: HTTPRequest) -> HTTPResponse {
        let key = item.status == .hit ? item.answerID.map { BrowseRoutes.DetailBodyKey(answerID: $0, isFavorite: item.value.isFavorite, form: form.key) } : nil
        var response = details.response(for: key, to: request) {
            StaleMarkedItem(item: item.value.item, stale: item.isStale, form: form).jsonBytes(capacity: 4096)
        }
        CacheHeaders.apply(item, to: &response, keptAtMost: CacheHeaders.favoriteMarksLimit)
        return response
    }
}

import Gateway
import Wire
import JSON
import Service
import Model
import HTTPServer
import Primitives

/// The page and item answers of the browse routes: the service's answer, ready or pending, made
/// into a response. A page or item from a cached answer is written once per form (and favorite
/// mark, and install's favorites version) and then reused (`RenderedBodies`).
struct BrowseAnswers: Sendable {
    let browse: Browse
    let providers: ProviderGateways
    let links: LinkBase
    let proxies: TrustedProxies
    let pages: RenderedBodies<BrowseRoutes.PageBodyKey>
    let details: RenderedBodies<BrowseRoutes.DetailBodyKey>

    func search(_ query: SearchQuery, request: HTTPRequest) -> HTTPAnswer {
        browse.search(query, payer: BrowseRoutes.payer(of: request, install: query.install, proxies: proxies))
            .map(with: (self, query.form, request)) { context, answer in context.0.page(answer, form: context.1, request: context.2) }
    }

    func trending(_ query: TrendingQuery, request: HTTPRequest) -> HTTPAnswer {
        browse.trending(query, payer: BrowseRoutes.payer(of: request, install: query.install, proxies: proxies))
            .map(with: (self, query.form, request)) { context, answer in context.0.page(answer, form: context.1, request: context.2) }
    }

    func item(_ query: ItemQuery, request: HTTPRequest) throws(ServiceError) -> HTTPAnswer {
        try browse.item(query, payer: BrowseRoutes.payer(of: request, install: query.install, proxies: proxies))
            .map(with: (self, query.form, request)) { context, item in context.0.detail(item, form: context.1, request: context.2) }
    }

    private func page(_ answer: Fetched<PageAnswer>, form: ItemForm, request: HTTPRequest) -> HTTPResponse {
        var response = pages.response(for: answer.value.contentKey.map { BrowseRoutes.PageBodyKey(content: $0, form: form.key) }, to: request) {
            let page = answer.value.page()
            return PageJSON(page: page, form: form).jsonBytes(capacity: 512 + page.data.count * 1600)
        }
        CacheHeaders.apply(answer, to: &response, keptAtMost: CacheHeaders.favoriteMarksLimit)
        return response
    }

    private func detail(_ item: Fetched<MarkedItem>, form: ItemForm, request: HTTPRequest) -> HTTPResponse {
        let key = item.status == .hit ? item.answerID.map { BrowseRoutes.DetailBodyKey(answerID: $0, isFavorite: item.value.isFavorite, form: form.key) } : nil
        var response = details.response(for: key, to: request) {
            var writer = JSONWriter(capacity: 4096)
            StaleMarkedItem(item: item.value.item, stale: item.isStale, form: form).write(to: &writer)
            return writer.bytes
        }
        CacheHeaders.apply(item, to: &response, keptAtMost: CacheHeaders.favoriteMarksLimit)
        return response
    }
}

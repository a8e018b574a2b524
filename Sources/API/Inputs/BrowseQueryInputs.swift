import Service
import Wire
import Model
import HTTPServer
import Primitives

/// A browse query as a route reads it from its request, once, with the checks in a fixed order (so
/// a request with several faults always names the same one), and answers it (`BrowseAnswers`).
/// The install is known first (its token read before the query).
protocol BrowseRequest: Sendable {
    static func of(_ request: borrowing HTTPRequest, install: InstallID?, providers: ProviderGateways, links: LinkBase) throws(ServiceError) -> Self
    func answer(with answers: BrowseAnswers, to request: HTTPRequest) throws(ServiceError) -> HTTPAnswer
}

/// `/search`'s query.
extension SearchQuery: BrowseRequest {
    static func of(_ request: borrowing HTTPRequest, install: InstallID?, providers: ProviderGateways, links: LinkBase) throws(ServiceError) -> SearchQuery {
        let query = request.query
        let chain = try RequestInputs.providers(query, among: providers)
        let provider = chain.first
        let page = try RequestInputs.page(query, provider: provider, offsetRange: provider.rules.searchOffsetRange)
        let rating = try RequestInputs.rating(query["rating"])
        let lang = try RequestInputs.lang(query["lang"])
        let words = try RequestInputs.words(query["q"], name: "q")
        let type = try RequestInputs.mediaType(query["type"], provider: provider)
        let order = try RequestInputs.order(query["order_by"], allowed: provider.rules.searchOrders, provider: provider)
        let form = try RequestInputs.listForm(query["renditions"], linked: links.forms(for: request))
        return SearchQuery(words: words, page: page, rating: rating, lang: lang, type: type, form: form, providers: chain, order: order, install: install)
    }

    func answer(with answers: BrowseAnswers, to request: HTTPRequest) -> HTTPAnswer { answers.search(self, request: request) }
}

/// `/trending`'s query.
extension TrendingQuery: BrowseRequest {
    static func of(_ request: borrowing HTTPRequest, install: InstallID?, providers: ProviderGateways, links: LinkBase) throws(ServiceError) -> TrendingQuery {
        let query = request.query
        let chain = try RequestInputs.providers(query, among: providers)
        let provider = chain.first
        let page = try RequestInputs.page(query, provider: provider, offsetRange: provider.rules.trendingOffsetRange)
        let rating = try RequestInputs.rating(query["rating"])
        let type = try RequestInputs.mediaType(query["type"], provider: provider)
        let order = try RequestInputs.order(query["order_by"], allowed: provider.rules.trendingOrders, provider: provider)
        let form = try RequestInputs.listForm(query["renditions"], linked: links.forms(for: request))
        return TrendingQuery(page: page, rating: rating, type: type, form: form, providers: chain, order: order, install: install)
    }

    func answer(with answers: BrowseAnswers, to request: HTTPRequest) -> HTTPAnswer { answers.trending(self, request: request) }
}

/// `/gif/{id}`'s (and `/items/{id}`'s) query.
extension ItemQuery: BrowseRequest {
    /// Borrowed: an initialiser takes its arguments owned, and the request was copied to be passed.
    static func of(_ request: borrowing HTTPRequest, install: InstallID?, providers: ProviderGateways, links: LinkBase) throws(ServiceError) -> ItemQuery {
        let id = try RequestInputs.itemID(request.pathParameters["id"])
        let form = try RequestInputs.singleForm(request.query["renditions"], linked: links.forms(for: request))
        return ItemQuery(id: id, provider: try providers.provider(of: id), form: form, install: install)
    }

    func answer(with answers: BrowseAnswers, to request: HTTPRequest) throws(ServiceError) -> HTTPAnswer {
        try answers.item(self, request: request)
    }
}

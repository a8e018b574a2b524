import Service
import Wire
import Model
import HTTPServer

/// What a `/search` or `/trending` request asks for, read from its query with the checks in a
/// fixed order (so a request with several faults always names the same one). Read the same way
/// whether the page is answered at once from memory or on a worker.
struct PageInputs {
    let provider: ProviderGateway
    let page: PageRequest
    let rating: Rating?
    let lang: LanguageCode?
    /// Nil for trending, and for a search with no words (an empty page).
    let words: SearchWords?
    let type: MediaType
    let order: String?
    let form: ItemForm

    static func search(_ request: HTTPRequest, providers: ProviderGateways, links: LinkBase) throws(ServiceError) -> PageInputs {
        let query = request.query
        let provider = try RequestInputs.provider(query["provider"], among: providers)
        let page = try RequestInputs.page(query, provider: provider, offsetRange: provider.rules.searchOffsetRange)
        let rating = try RequestInputs.rating(query["rating"])
        let lang = try RequestInputs.lang(query["lang"])
        let words = try RequestInputs.words(query["q"], name: "q")
        let type = try RequestInputs.mediaType(query["type"], provider: provider)
        let order = try RequestInputs.order(query["order_by"], allowed: provider.rules.searchOrders, provider: provider)
        let form = try RequestInputs.listForm(query["renditions"], linked: links.forms(for: request))
        return PageInputs(provider: provider, page: page, rating: rating, lang: lang, words: words, type: type, order: order, form: form)
    }

    static func trending(_ request: HTTPRequest, providers: ProviderGateways, links: LinkBase) throws(ServiceError) -> PageInputs {
        let query = request.query
        let provider = try RequestInputs.provider(query["provider"], among: providers)
        let page = try RequestInputs.page(query, provider: provider, offsetRange: provider.rules.trendingOffsetRange)
        let rating = try RequestInputs.rating(query["rating"])
        let type = try RequestInputs.mediaType(query["type"], provider: provider)
        let order = try RequestInputs.order(query["order_by"], allowed: provider.rules.trendingOrders, provider: provider)
        let form = try RequestInputs.listForm(query["renditions"], linked: links.forms(for: request))
        return PageInputs(provider: provider, page: page, rating: rating, lang: nil, words: nil, type: type, order: order, form: form)
    }
}

/// What `/gif/{id}` (and `/items/{id}`) asks for.
struct ItemInputs {
    let id: ItemID
    let provider: ProviderGateway
    let form: ItemForm

    /// Borrowed: an initialiser takes its arguments owned, and the request was copied to be passed.
    /// Read into locals and made at the end: a throwing initialiser that set its fields one by
    /// one copied the whole value out when it returned.
    static func of(_ request: borrowing HTTPRequest, providers: ProviderGateways, links: LinkBase) throws(ServiceError) -> ItemInputs {
        let id = try RequestInputs.itemID(request.pathParameters["id"])
        let form = try RequestInputs.singleForm(request.query["renditions"], linked: links.forms(for: request))
        return ItemInputs(id: id, provider: try providers.provider(of: id), form: form)
    }
}

import Gateway
import Model
import Wire

/// What a page of search results asks for: built once by the API from the request, then passed
/// whole, to be answered at once or on a worker. `install` is the one asking (its favorites are
/// marked, its history records the search); nil for none. No words: an empty page.
package struct SearchQuery: Sendable {
    package let words: SearchWords?
    package let page: PageRequest
    package let rating: Rating?
    package let lang: LanguageCode?
    package let type: MediaType
    /// Which renditions the answer carries: the upstream's compact set is asked for when it holds them.
    package let form: ItemForm
    /// The provider named, alone, or the chain of the kind asked for; the query was checked
    /// against its first's rules.
    package let providers: ProviderChain
    /// One of the first provider's search orders; nil: its default.
    package let order: String?
    package let install: InstallID?

    package init(words: SearchWords?, page: PageRequest, rating: Rating? = nil, lang: LanguageCode? = nil, type: MediaType = .default,
                 form: ItemForm = .full, providers: ProviderChain, order: String? = nil, install: InstallID? = nil) {
        (self.words, self.page, self.rating, self.lang, self.type) = (words, page, rating, lang, type)
        (self.form, self.providers, self.order, self.install) = (form, providers, order, install)
    }
}

/// What a page of trending items asks for; as `SearchQuery`, without words or language.
package struct TrendingQuery: Sendable {
    package let page: PageRequest
    package let rating: Rating?
    package let type: MediaType
    package let form: ItemForm
    package let providers: ProviderChain
    package let order: String?
    package let install: InstallID?

    package init(page: PageRequest, rating: Rating? = nil, type: MediaType = .default, form: ItemForm = .full,
                 providers: ProviderChain, order: String? = nil, install: InstallID? = nil) {
        (self.page, self.rating, self.type) = (page, rating, type)
        (self.form, self.providers, self.order, self.install) = (form, providers, order, install)
    }
}

/// What one item asks for: its id, the provider the id names, the form it is written in.
package struct ItemQuery: Sendable {
    package let id: ItemID
    package let provider: ProviderGateway
    package let form: ItemForm
    package let install: InstallID?

    package init(id: ItemID, provider: ProviderGateway, form: ItemForm = .full, install: InstallID? = nil) {
        (self.id, self.provider, self.form, self.install) = (id, provider, form, install)
    }
}

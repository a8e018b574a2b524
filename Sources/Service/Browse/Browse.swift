import Foundation
import Gateway
import Model
import Wire
import Primitives

/// Browsing each provider's items: searches, trending, one item, a random pick, the spotlight and
/// saving a file. A route hands it the provider it resolved (`ProviderGateway`), never a name to
/// look up again. Items are marked with the asking install's favorites; a search is recorded in
/// its history after the answer. `install` nil: a request for no install, whose items are no
/// one's favorites. `payer`: who an upstream call a request makes is charged to (its share of
/// the provider's hourly budget: `CallPayer`); nil for no one.
package struct Browse: Sendable {
    let favorites: FavoritesService
    let history: SearchHistoryService
    let defaultRating: Rating
    let errors: ErrorTranslation

    /// No words give an empty page without an upstream call.
    package func search(_ words: SearchWords?, page: PageRequest, rating: Rating?, lang: LanguageCode?,
                       type: MediaType = .default, provider: ProviderGateway,
                       install: InstallID?, payer: CallPayer? = nil) async throws(ServiceError) -> Fetched<ItemPage> {
        try await searchAnswer(words, page: page, rating: rating, lang: lang, type: type, provider: provider, install: install, payer: payer)
            .map { $0.page() }
    }

    /// As `search`, with the page not yet made, so a caller can reuse what it made from an equal one.
    /// `form` says which renditions the answer will carry: when the upstream's compact set holds
    /// them all, only that set is asked for (a smaller upstream answer, cached apart). `order` is
    /// one of the provider's search orders (nil: its default).
    package func searchAnswer(_ words: SearchWords?, page: PageRequest, rating: Rating?, lang: LanguageCode?,
                             type: MediaType = .default, form: ItemForm = .full, provider: ProviderGateway,
                             order: String? = nil, install: InstallID?, payer: CallPayer? = nil) async throws(ServiceError) -> Fetched<PageAnswer> {
        guard let words else { return emptySearch(page: page, rating: rating, provider: provider) }
        return try await errors.translating(upstream: provider.rules.naming) {
            let (request, servedRating) = searchRequest(words, page: page, rating: rating, lang: lang, type: type, form: form,
                                                        provider: provider, order: order, install: install)
            let fetched = try await provider.gateway.search(request, payer: payer)
            if let install { history.recordLater(words.text, install: install) }
            return answer(fetched, page: page, provider: provider, rating: servedRating,
                          lastOffset: provider.rules.searchOffsetRange.upperBound,
                          favorites: try await favorites.markings(install: install))
        }
    }

    /// `searchAnswer` when memory holds all it needs (the upstream's answer and the install's
    /// favorites), without waiting; nil when it must be fetched or read.
    package func keptSearchAnswer(_ words: SearchWords?, page: PageRequest, rating: Rating?, lang: LanguageCode?,
                                 type: MediaType = .default, form: ItemForm = .full, provider: ProviderGateway,
                                 order: String? = nil, install: InstallID?) -> Fetched<PageAnswer>? {
        guard let words else { return emptySearch(page: page, rating: rating, provider: provider) }
        let (request, servedRating) = searchRequest(words, page: page, rating: rating, lang: lang, type: type, form: form,
                                                    provider: provider, order: order, install: install)
        guard let favoriteIDs = favorites.keptMarkings(install: install),
              let fetched = provider.gateway.keptSearch(request) else { return nil }
        if let install { history.recordLater(words.text, install: install) }
        return answer(fetched, page: page, provider: provider, rating: servedRating,
                      lastOffset: provider.rules.searchOffsetRange.upperBound, favorites: favoriteIDs)
    }

    /// No words: an empty page, without an upstream call.
    private func emptySearch(page: PageRequest, rating: Rating?, provider: ProviderGateway) -> Fetched<PageAnswer> {
        let empty = UpstreamPage(items: [], totalCount: 0, count: 0, offset: page.offset)
        return Fetched(PageAnswer(Fetched(empty, status: .hit, age: 0), request: page, favorites: .none,
                                  lastOffset: provider.rules.searchOffsetRange.upperBound,
                                  rating: provider.served(at: provider.rating(asked: rating, default: defaultRating))),
                       status: .hit, age: 0)
    }

    /// What the upstream is asked for a search, and the rating it is asked at (the content ceiling's).
    private func searchRequest(_ words: SearchWords, page: PageRequest, rating: Rating?, lang: LanguageCode?, type: MediaType,
                               form: ItemForm, provider: ProviderGateway, order: String?,
                               install: InstallID?) -> (SearchRequest, Rating) {
        let servedRating = provider.rating(asked: rating, default: defaultRating)
        return (SearchRequest(query: words.text, offset: page.offset, limit: page.limit,
                              rating: servedRating.rawValue, lang: lang?.rawValue, type: type,
                              compactRenditions: provider.rules.compactSetHolds(form.renditions), order: order,
                              install: install), servedRating)
    }

    package func trending(page: PageRequest, rating: Rating?, type: MediaType = .default,
                         provider: ProviderGateway, install: InstallID?, payer: CallPayer? = nil) async throws(ServiceError) -> Fetched<ItemPage> {
        try await trendingAnswer(page: page, rating: rating, type: type, provider: provider, install: install, payer: payer).map { $0.page() }
    }

    package func trendingAnswer(page: PageRequest, rating: Rating?, type: MediaType = .default, form: ItemForm = .full,
                               provider: ProviderGateway, order: String? = nil,
                               install: InstallID?, payer: CallPayer? = nil) async throws(ServiceError) -> Fetched<PageAnswer> {
        try await errors.translating(upstream: provider.rules.naming) {
            let (request, servedRating) = trendingRequest(page: page, rating: rating, type: type, form: form, provider: provider,
                                                          order: order, install: install)
            let fetched = try await provider.gateway.trending(request, payer: payer)
            return answer(fetched, page: page, provider: provider, rating: servedRating,
                          lastOffset: provider.rules.trendingOffsetRange.upperBound,
                          favorites: try await favorites.markings(install: install))
        }
    }

    /// `trendingAnswer` when memory holds all it needs, without waiting; nil otherwise.
    package func keptTrendingAnswer(page: PageRequest, rating: Rating?, type: MediaType = .default, form: ItemForm = .full,
                                   provider: ProviderGateway, order: String? = nil, install: InstallID?) -> Fetched<PageAnswer>? {
        let (request, servedRating) = trendingRequest(page: page, rating: rating, type: type, form: form, provider: provider,
                                                      order: order, install: install)
        guard let favoriteIDs = favorites.keptMarkings(install: install),
              let fetched = provider.gateway.keptTrending(request) else { return nil }
        return answer(fetched, page: page, provider: provider, rating: servedRating,
                      lastOffset: provider.rules.trendingOffsetRange.upperBound, favorites: favoriteIDs)
    }

    private func trendingRequest(page: PageRequest, rating: Rating?, type: MediaType, form: ItemForm, provider: ProviderGateway,
                                 order: String?, install: InstallID?) -> (TrendingRequest, Rating) {
        let servedRating = provider.rating(asked: rating, default: defaultRating)
        return (TrendingRequest(offset: page.offset, limit: page.limit, rating: servedRating.rawValue,
                                type: type, compactRenditions: provider.rules.compactSetHolds(form.renditions), order: order,
                                install: install), servedRating)
    }

    /// The item with that id from `provider` (the one its id names), marked if it is one of the
    /// install's favorites; not found when it is rated above the content ceiling.
    package func item(id: ItemID, provider: ProviderGateway, install: InstallID?,
                      payer: CallPayer? = nil) async throws(ServiceError) -> Fetched<MarkedItem> {
        try await errors.translating(upstream: provider.rules.naming) {
            let fetched = try await provider.gateway.item(id: id.upstreamID, payer: payer)
            return try mark(fetched.map(SharedBox.init), id: id, provider: provider, favorites: try await favorites.markings(install: install))
        }
    }

    /// `item` when memory holds all it needs, without waiting; nil otherwise.
    package func keptItem(id: ItemID, provider: ProviderGateway, install: InstallID?) throws(ServiceError) -> Fetched<MarkedItem>? {
        guard let favoriteIDs = favorites.keptMarkings(install: install),
              let fetched = provider.gateway.keptItem(id: id.upstreamID) else { return nil }
        return try mark(fetched, id: id, provider: provider, favorites: favoriteIDs)
    }

    /// Marks the item if it is one of `favorites`; not found when it is above the content ceiling.
    /// The mark is kept beside the item, not set in a copy: each copy of an item retains every
    /// string and array of it.
    private func mark(_ fetched: Fetched<SharedBox<Item>>, id: ItemID, provider: ProviderGateway,
                      favorites: FavoriteIDs) throws(ServiceError) -> Fetched<MarkedItem> {
        try provider.checkAdmitted(fetched.value.value)
        let isFavorite = favorites.ids.contains(id.rawValue)
        return fetched.map { MarkedItem(shared: $0, isFavorite: isFavorite) }
    }

    /// Asked at the rating the ceiling allows; a pick rated above it anyway is not found.
    package func random(tag: SearchWords?, rating: Rating?, type: MediaType = .default,
                       provider: ProviderGateway, install: InstallID?, payer: CallPayer? = nil) async throws(ServiceError) -> Item {
        try await errors.translating(notFound: .noItem(forTag: tag, upstream: provider.rules.naming), upstream: provider.rules.naming) {
            let servedRating = provider.rating(asked: rating, default: defaultRating)
            let item = try provider.admitted(try await provider.gateway.random(tag: tag?.text, rating: servedRating.rawValue, type: type, payer: payer))
            return item.marked(favorite: try await favorites.markings(install: install).ids.contains(item.id))
        }
    }

    /// The provider's current spotlight item (the same for every install, marked for the one
    /// asking); errors only when there has never been one. A new pick's call is charged to `payer`.
    package func spotlight(tag: SearchWords?, provider: ProviderGateway, install: InstallID?,
                           payer: CallPayer? = nil) async throws(ServiceError) -> Spotlight {
        try await errors.translating(notFound: .noItem(forTag: tag, upstream: provider.rules.naming), upstream: provider.rules.naming) {
            let spotlight = try await provider.spotlight.current(tag: tag?.text, payer: payer)
            // A pick read back from the store after a restart never passed through the gateway.
            provider.gateway.links.record([spotlight.item])
            let isFavorite = try await favorites.markings(install: install).ids.contains(spotlight.item.id)
            return Spotlight(item: spotlight.item.marked(favorite: isFavorite), changesAt: spotlight.changesAt,
                             secondsLeft: spotlight.secondsLeft, stale: spotlight.stale, pickedNow: spotlight.pickedNow)
        }
    }

    /// `lastOffset` is the last offset the endpoint serves, so `next_offset` never points past it.
    /// Items above the content ceiling are left out; the answer says the rating it was asked at.
    private func answer(_ fetched: Fetched<UpstreamPage>, page request: PageRequest, provider: ProviderGateway, rating: Rating,
                        lastOffset: Int, favorites favoriteIDs: FavoriteIDs) -> Fetched<PageAnswer> {
        let admitted = fetched.map { provider.admitted($0) }
        return fetched.map { _ in
            PageAnswer(admitted, request: request, favorites: favoriteIDs, lastOffset: lastOffset,
                       wholePages: provider.rules.offsetsAreWholePages, rating: provider.served(at: rating))
        }
    }
}

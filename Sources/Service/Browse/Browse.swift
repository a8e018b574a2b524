import Foundation
import Gateway
import Model
import Primitives
import Wire

/// Browsing each provider's items: searches, trending, one item, a random pick, the spotlight and
/// saving a file. A route hands it the provider it resolved (`ProviderGateway`), never a name to
/// look up again. Items are marked with the asking install's favorites; a search is recorded in
/// its history after the answer. `install` nil: a request for no install, whose items are no
/// one's favorites. `payer`: who an upstream call a request makes is charged to (its share of
/// the provider's hourly budget: `CallPayer`); nil for no one.
package struct Browse: Sendable {
    let favorites: Favorites
    let history: SearchHistoryService
    let defaultRating: Rating
    /// Blocked items are left out of pages and not found alone; a search with a blocked term is empty.
    let blocklist: Blocklist
    let errors: ErrorTranslation

    /// A page of search results, with the install's favorites marked, the search recorded in its
    /// history: at once when memory holds the upstream's answer and the favorites, else the wait
    /// for them. No words, or a blocked term among them: an empty page, without an upstream call.
    /// `payer` is resolved only when an upstream call may be made.
    package func search(_ query: SearchQuery, payer: @autoclosure () -> CallPayer? = nil) -> ReadyOrPending<Fetched<PageAnswer>> {
        guard let words = query.words, !blocklist.blocks.blocks(text: words.text) else { return .ready(emptySearch(query)) }
        let provider = query.providers.first
        let servedRating = provider.rating(asked: query.rating, default: defaultRating)
        let upstream = provider.gateway.search(searchRequest(query, words: words, rating: servedRating, for: provider), payer: payer())
        if case .pending = upstream, !query.providers.fallbacks.isEmpty {
            return chainAnswer(upstream, of: query.providers, page: query.page, endpoint: .search, rating: query.rating,
                               recording: words, for: query.install, payer: payer(), fits: { $0.accepts(query) },
                               asking: { [self] provider, payer in
                                   provider.gateway.search(searchRequest(query, words: words, rating: provider.rating(asked: query.rating, default: defaultRating),
                                                                         for: provider), payer: payer)
                               })
        }
        let parts = Parts(upstream: upstream, favorites: favorites.markings(install: query.install),
                          rating: servedRating, lastOffset: provider.rules.searchOffsetRange.upperBound)
        return answer(parts, page: query.page, provider: provider, recording: words, for: query.install)
    }

    /// The search as `provider` is asked it: at `rating` (the one its ceiling allows), for its
    /// compact set when that holds the form.
    func searchRequest(_ query: SearchQuery, words: SearchWords, rating: Rating, for provider: ProviderGateway) -> SearchRequest {
        SearchRequest(query: words.text, offset: query.page.offset, limit: query.page.limit,
                      rating: rating.rawValue, lang: query.lang?.rawValue,
                      type: query.type, compactRenditions: provider.rules.compactSetHolds(query.form.renditions), order: query.order,
                      install: query.install)
    }

    /// No words: an empty page, without an upstream call.
    private func emptySearch(_ query: SearchQuery) -> Fetched<PageAnswer> {
        let provider = query.providers.first
        let empty = UpstreamPage(items: [], totalCount: 0, count: 0, offset: query.page.offset)
        return Fetched(PageAnswer(Fetched(empty, status: .hit, age: 0), request: query.page, favorites: .none,
                                  lastOffset: provider.rules.searchOffsetRange.upperBound, provider: provider.name,
                                  rating: provider.served(at: provider.rating(asked: query.rating, default: defaultRating)),
                                  blocks: blocklist.blocks),
                       status: .hit, age: 0)
    }

    /// A page of trending items, as `search` (nothing recorded).
    package func trending(_ query: TrendingQuery, payer: @autoclosure () -> CallPayer? = nil) -> ReadyOrPending<Fetched<PageAnswer>> {
        let provider = query.providers.first
        let servedRating = provider.rating(asked: query.rating, default: defaultRating)
        let upstream = provider.gateway.trending(trendingRequest(query, rating: servedRating, for: provider), payer: payer())
        if case .pending = upstream, !query.providers.fallbacks.isEmpty {
            return chainAnswer(upstream, of: query.providers, page: query.page, endpoint: .trending, rating: query.rating,
                               recording: nil, for: query.install, payer: payer(), fits: { $0.accepts(query) },
                               asking: { [self] provider, payer in
                                   provider.gateway.trending(trendingRequest(query, rating: provider.rating(asked: query.rating, default: defaultRating),
                                                                             for: provider), payer: payer)
                               })
        }
        let parts = Parts(upstream: upstream, favorites: favorites.markings(install: query.install),
                          rating: servedRating, lastOffset: provider.rules.trendingOffsetRange.upperBound)
        return answer(parts, page: query.page, provider: provider, recording: nil, for: query.install)
    }

    /// Trending as `provider` is asked it, as `searchRequest`.
    func trendingRequest(_ query: TrendingQuery, rating: Rating, for provider: ProviderGateway) -> TrendingRequest {
        TrendingRequest(offset: query.page.offset, limit: query.page.limit, rating: rating.rawValue,
                        type: query.type, compactRenditions: provider.rules.compactSetHolds(query.form.renditions),
                        order: query.order, install: query.install)
    }

    /// What a page is made of: the upstream's answer and the install's favorites (each ready or
    /// pending), the rating it was asked at, and the last offset the endpoint serves.
    private struct Parts: Sendable {
        let upstream: ReadyOrPending<Fetched<UpstreamPage>>
        let favorites: ReadyOrPending<FavoriteIDs>
        let rating: Rating
        let lastOffset: Int
    }

    /// The page made from its parts: at once when both are ready, else after waiting for the
    /// upstream; the favorites are then read as they are after that wait (one added meanwhile is
    /// marked). A search's words are recorded once the upstream answered.
    private func answer(_ parts: Parts, page: PageRequest, provider: ProviderGateway, recording words: SearchWords?,
                        for install: InstallID?) -> ReadyOrPending<Fetched<PageAnswer>> {
        if case .ready(let fetched) = parts.upstream, case .ready(let favoriteIDs) = parts.favorites {
            if let words, let install { history.recordLater(words.text, install: install) }
            return .ready(answer(fetched, page: page, provider: provider, rating: parts.rating, lastOffset: parts.lastOffset,
                                 favorites: favoriteIDs))
        }
        return .pending { [self] in
            try await errors.translating(upstream: provider.rules.naming) {
                let fetched = try await parts.upstream.value()
                if let words, let install { history.recordLater(words.text, install: install) }
                return answer(fetched, page: page, provider: provider, rating: parts.rating, lastOffset: parts.lastOffset,
                              favorites: try await favorites.markings(install: install).value())
            }
        }
    }

    /// The item with that id from the provider its id names, marked if it is one of the install's
    /// favorites: at once when memory holds it and the favorites, else the wait for them (the
    /// favorites read after the item, as a page's). Not found when it is rated above the content
    /// ceiling, or blocked.
    package func item(_ query: ItemQuery, payer: @autoclosure () -> CallPayer? = nil) throws(ServiceError) -> ReadyOrPending<Fetched<MarkedItem>> {
        let provider = query.provider
        let fetched = provider.gateway.item(id: query.id.upstreamID, payer: payer())
        let marks = favorites.markings(install: query.install)
        if case .ready(let item) = fetched, case .ready(let favoriteIDs) = marks {
            return .ready(try mark(item, id: query.id, provider: provider, favorites: favoriteIDs))
        }
        return .pending { [self] in
            try await errors.translating(upstream: provider.rules.naming) {
                let item = try await fetched.value()
                return try mark(item, id: query.id, provider: provider, favorites: try await favorites.markings(install: query.install).value())
            }
        }
    }

    /// Marks the item if it is one of `favorites`; not found when it is above the content ceiling.
    /// The mark is kept beside the item, not set in a copy: each copy of an item retains every
    /// string and array of it.
    private func mark(_ fetched: Fetched<SharedBox<Item>>, id: ItemID, provider: ProviderGateway,
                      favorites: FavoriteIDs) throws(ServiceError) -> Fetched<MarkedItem> {
        try provider.checkAdmitted(fetched.value.value)
        if blocklist.blocks.blocks(item: id.rawValue) { throw .blocked(id: id.rawValue) }
        let isFavorite = favorites.ids.contains(id.rawValue)
        return fetched.map { MarkedItem(shared: $0, isFavorite: isFavorite) }
    }

    /// Asked at the rating the ceiling allows; a pick rated above it anyway is not found. From a
    /// chain, the first provider that gives one (one with nothing for the tag is passed over too).
    /// A blocked tag is not found.
    package func random(tag: SearchWords?, rating: Rating?, type: MediaType = .default,
                       providers: ProviderChain, install: InstallID?, payer: CallPayer? = nil) async throws(ServiceError) -> Item {
        let first = providers.first
        let notFound = ServiceError.noItem(forTag: tag, upstream: first.rules.naming)
        if let tag, blocklist.blocks.blocks(text: tag.text) { throw notFound }
        return try await errors.translating(notFound: notFound, upstream: first.rules.naming) {
            let candidates = providers.fallbacks.filter { type == .default || $0.rules.mediaTypes.contains(type) }
            let (_, picked) = try await Self.firstAnswering(pick(tag: tag, rating: rating, type: type, from: first, payer: payer),
                                                           from: first, then: candidates) { provider in
                pick(tag: tag, rating: rating, type: type, from: provider, payer: payer)
            }
            let item = picked.value
            return item.marked(favorite: try await favorites.markings(install: install).value().ids.contains(item.id))
        }
    }

    /// One provider's random pick, within its ceiling, as a fresh answer (a pick is never cached).
    /// A blocked pick is drawn again, `randomDraws` times at most, then none is found.
    private func pick(tag: SearchWords?, rating: Rating?, type: MediaType, from provider: ProviderGateway,
                      payer: CallPayer?) -> ReadyOrPending<Fetched<Item>> {
        .pending { [self] in
            let servedRating = provider.rating(asked: rating, default: defaultRating)
            var draws = 0
            var item = try provider.admitted(try await provider.gateway.random(tag: tag?.text, rating: servedRating.rawValue, type: type, payer: payer))
            while blocklist.blocks.blocks(item: item.id) {
                draws += 1
                guard draws < Self.randomDraws else { throw UpstreamError.notFound }
                item = try provider.admitted(try await provider.gateway.random(tag: tag?.text, rating: servedRating.rawValue, type: type, payer: payer))
            }
            return Fetched(item, status: .miss, age: 0)
        }
    }

    /// Random picks drawn at most for one answer while they are blocked.
    static let randomDraws = 3

    /// The provider's current spotlight item (the same for every install, marked for the one
    /// asking); errors only when there has never been one. A new pick's call is charged to `payer`.
    /// From a chain, the first provider with a fresh one, else the first with a stale one. A
    /// blocked pick is not found (as is a blocked tag) until the spotlight changes.
    package func spotlight(tag: SearchWords?, providers: ProviderChain, install: InstallID?,
                           payer: CallPayer? = nil) async throws(ServiceError) -> Spotlight {
        let first = providers.first
        let notFound = ServiceError.noItem(forTag: tag, upstream: first.rules.naming)
        if let tag, blocklist.blocks.blocks(text: tag.text) { throw notFound }
        return try await errors.translating(notFound: notFound, upstream: first.rules.naming) {
            let ask: (ProviderGateway) -> ReadyOrPending<Fetched<Spotlight>> = { [blocklist] provider in
                .pending {
                    let spotlight = try await provider.spotlight.current(tag: tag?.text, payer: payer)
                    if blocklist.blocks.blocks(item: spotlight.item.id) { throw UpstreamError.notFound }
                    return Fetched(spotlight, status: spotlight.stale == true ? .stale : .hit, age: 0)
                }
            }
            let (provider, fetched) = try await Self.firstAnswering(ask(first), from: first, then: providers.fallbacks, asking: ask)
            let spotlight = fetched.value
            // A pick read back from the store after a restart never passed through the gateway.
            provider.gateway.links.record([spotlight.item])
            let isFavorite = try await favorites.markings(install: install).value().ids.contains(spotlight.item.id)
            return Spotlight(item: spotlight.item.marked(favorite: isFavorite), changesAt: spotlight.changesAt,
                             secondsLeft: spotlight.secondsLeft, stale: spotlight.stale, pickedNow: spotlight.pickedNow)
        }
    }

    /// `lastOffset` is the last offset the endpoint serves, so `next_offset` never points past it.
    /// Items above the content ceiling are left out; the answer says the rating it was asked at.
    func answer(_ fetched: Fetched<UpstreamPage>, page request: PageRequest, provider: ProviderGateway, rating: Rating,
                        lastOffset: Int, favorites favoriteIDs: FavoriteIDs) -> Fetched<PageAnswer> {
        let admitted = fetched.map { provider.admitted($0) }
        return fetched.map { _ in
            PageAnswer(admitted, request: request, favorites: favoriteIDs, lastOffset: lastOffset,
                       wholePages: provider.rules.offsetsAreWholePages, provider: provider.name, rating: provider.served(at: rating),
                       blocks: blocklist.blocks)
        }
    }
}

import Foundation

/// Everything the API asks of gif-bff, with the rules applied. Takes validated inputs; every
/// public method throws only `ServiceError`, translated once at its boundary. Depends on protocols
/// only: the upstream, the installs, favorites, history and spotlight stores. What is kept per
/// install (favorites, history, deck sessions, the upstream identity) is read and changed for the
/// install a call names; the rest (items, the spotlight, the cache, the budgets) is shared.
public struct Backend: Sendable {
    /// Every provider served, each with its own gateway and spotlight.
    public let providers: ProviderGateways
    let favorites: FavoritesService
    let history: SearchHistoryService
    /// Who may act for which install (Backend+Installs.swift).
    let installs: InstallService
    let defaultRating: Rating
    /// What each like/dislike deck session has shown (Backend+Deck.swift).
    let deckSessions = DeckSessions()
    /// Analytics events to pingbacks, in the background (Backend+Analytics.swift).
    public let analytics: AnalyticsPingbacks
    /// Unexpected failures are reported here (the app logs them); callers only see `internal`.
    private let report: @Sendable (any Error) -> Void

    public init(providers: ProviderGateways, favorites: FavoritesService, history: SearchHistoryService,
                installs: InstallService, defaultRating: Rating = .default, analytics: AnalyticsPingbacks = .disabled(),
                report: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.providers = providers
        self.installs = installs
        self.analytics = analytics
        self.favorites = favorites
        self.history = history
        self.defaultRating = defaultRating
        self.report = report
    }

    /// The GIF provider's gateway: the deck, suggestions and trending search terms use it, and
    /// the writes made for later are shared by every gateway through it.
    var gateway: UpstreamGateway { providers.gifsProvider.gateway }

    public var favoritesLimit: Int { favorites.limit }
    /// Each provider's counters, for the metrics.
    public var upstreamMetrics: [(provider: ProviderName, metrics: UpstreamMetrics)] {
        providers.all.map { ($0.name, $0.gateway.metrics) }
    }
    /// Calls left this hour per provider with a budget.
    public var upstreamBudgetRemaining: [(provider: ProviderName, remaining: Int)] {
        providers.all.compactMap { provider in provider.gateway.budgetRemaining.map { (provider.name, $0) } }
    }
    /// Bookkeeping writes dropped since start, by kind, for the metrics.
    public var bookkeepingWriteFailures: [BookkeepingWrites.Write: Int] { gateway.bookkeeping.failures }
    /// Bookkeeping writes that replaced the same write still waiting, by kind, for the metrics.
    public var bookkeepingWritesMerged: [BookkeepingWrites.Write: Int] { gateway.bookkeeping.merged }

    /// How many favorites are stored, over every install, for the metrics.
    public func favoritesCount() async throws(ServiceError) -> Int {
        try await translating { try await favorites.totalCount() }
    }

    // MARK: Browsing

    /// No words give an empty page without an upstream call; a search is recorded in the
    /// install's history after the answer (bookkeeping: a failed history write does not fail the
    /// answer). `install` nil: a request for no install, whose items are no one's favorites.
    public func search(_ words: SearchWords?, page: PageRequest, rating: Rating?, lang: LanguageCode?,
                       type: MediaType = .default, provider: ProviderName? = nil,
                       install: InstallID?) async throws(ServiceError) -> Fetched<ItemPage> {
        try await searchAnswer(words, page: page, rating: rating, lang: lang, type: type, provider: provider, install: install)
            .map { $0.page() }
    }

    /// As `search`, with the page not yet made, so a caller can reuse what it made from an equal one.
    /// `form` says which renditions the answer will carry: when the upstream's compact set holds
    /// them all, only that set is asked for (a smaller upstream answer, cached apart).
    /// `provider` nil is the default one; `order` one of the provider's search orders (nil: its default).
    public func searchAnswer(_ words: SearchWords?, page: PageRequest, rating: Rating?, lang: LanguageCode?,
                             type: MediaType = .default, form: ItemForm = .full, provider name: ProviderName? = nil,
                             order: String? = nil, install: InstallID?) async throws(ServiceError) -> Fetched<PageAnswer> {
        let provider = try self.provider(name)
        guard let words else {
            let empty = UpstreamPage(items: [], totalCount: 0, count: 0, offset: page.offset)
            return Fetched(PageAnswer(Fetched(empty, status: .hit, age: 0), request: page, favorites: .none,
                                      lastOffset: provider.rules.searchOffsetRange.upperBound), status: .hit, age: 0)
        }
        return try await translating(upstream: provider.rules.naming) {
            let request = SearchRequest(query: words.text, offset: page.offset, limit: page.limit,
                                        rating: (rating ?? defaultRating).rawValue, lang: lang?.rawValue, type: type,
                                        compactRenditions: provider.rules.compactSetHolds(form.renditions), order: order,
                                        install: install)
            let fetched = try await provider.gateway.search(request)
            if let install { history.recordLater(words.text, install: install) }
            return try await answer(fetched, page: page, rules: provider.rules, lastOffset: provider.rules.searchOffsetRange.upperBound,
                                    install: install)
        }
    }

    public func trending(page: PageRequest, rating: Rating?, type: MediaType = .default,
                         provider: ProviderName? = nil, install: InstallID?) async throws(ServiceError) -> Fetched<ItemPage> {
        try await trendingAnswer(page: page, rating: rating, type: type, provider: provider, install: install).map { $0.page() }
    }

    public func trendingAnswer(page: PageRequest, rating: Rating?, type: MediaType = .default, form: ItemForm = .full,
                               provider name: ProviderName? = nil, order: String? = nil,
                               install: InstallID?) async throws(ServiceError) -> Fetched<PageAnswer> {
        let provider = try self.provider(name)
        return try await translating(upstream: provider.rules.naming) {
            let request = TrendingRequest(offset: page.offset, limit: page.limit, rating: (rating ?? defaultRating).rawValue,
                                          type: type, compactRenditions: provider.rules.compactSetHolds(form.renditions), order: order,
                                          install: install)
            return try await answer(try await provider.gateway.trending(request), page: page, rules: provider.rules,
                                    lastOffset: provider.rules.trendingOffsetRange.upperBound, install: install)
        }
    }

    /// Any provider's item by our id, marked if it is one of the install's favorites; an id naming
    /// a provider not served is not found.
    public func item(id: ItemID, install: InstallID?) async throws(ServiceError) -> Fetched<Item> {
        let provider = try self.provider(of: id)
        return try await translating(upstream: provider.rules.naming) {
            var fetched = try await provider.gateway.item(id: id.upstreamID)
            fetched.value.isFavorite = try await favorites.markings(install: install).ids.contains(id.rawValue)
            return fetched
        }
    }

    public func random(tag: SearchWords?, rating: Rating?, type: MediaType = .default,
                       provider name: ProviderName? = nil, install: InstallID?) async throws(ServiceError) -> Item {
        let provider = try self.provider(name)
        return try await translating(notFound: .noItem(forTag: tag, upstream: provider.rules.naming), upstream: provider.rules.naming) {
            let item = try await provider.gateway.random(tag: tag?.text, rating: (rating ?? defaultRating).rawValue, type: type)
            return item.marked(favorite: try await favorites.markings(install: install).ids.contains(item.id))
        }
    }

    /// The provider's current spotlight item (the same for every install, marked for the one
    /// asking); errors only when there has never been one.
    public func spotlight(tag: SearchWords?, provider name: ProviderName? = nil,
                          install: InstallID?) async throws(ServiceError) -> Spotlight {
        let provider = try self.provider(name)
        return try await translating(notFound: .noItem(forTag: tag, upstream: provider.rules.naming), upstream: provider.rules.naming) {
            let spotlight = try await provider.spotlight.current(tag: tag?.text)
            // A pick read back from the store after a restart never passed through the gateway.
            provider.gateway.links.record([spotlight.item])
            let isFavorite = try await favorites.markings(install: install).ids.contains(spotlight.item.id)
            return Spotlight(item: spotlight.item.marked(favorite: isFavorite), changesAt: spotlight.changesAt,
                             secondsLeft: spotlight.secondsLeft, stale: spotlight.stale, pickedNow: spotlight.pickedNow)
        }
    }

    // MARK: Favorites

    /// The install's favorites, newest first; never calls the upstream.
    public func listFavorites(install: InstallID) async throws(ServiceError) -> [Favorite] {
        try await favoritesListing(install: install).favorites
    }

    /// The list with its version: equal versions, equal lists (versions never repeat across installs).
    public func favoritesListing(install: InstallID) async throws(ServiceError) -> FavoritesListing {
        try await translating { try await favorites.listing(install: install) }
    }

    /// Adds the GIF with that id to the install's favorites, fetching it to keep a snapshot. An id
    /// already present is answered from the store, without an upstream call; a full list fails
    /// before the call.
    public func addFavorite(id: ItemID, install: InstallID) async throws(ServiceError) -> FavoriteAddResult {
        let provider = try self.provider(of: id)
        return try await translating(upstream: provider.rules.naming) {
            if let existing = try await favorites.find(id: id.rawValue, install: install) {
                return .alreadyExisted(existing)
            }
            if try await favorites.count(install: install) >= favorites.limit {
                throw ServiceError.favoritesFull(limit: favorites.limit)
            }
            let item = try await provider.gateway.item(id: id.upstreamID).value
            return try await favorites.add(item, install: install)
        }
    }

    /// An id that is another install's favorite is not one of this install's: not found.
    public func removeFavorite(id: ItemID, install: InstallID) async throws(ServiceError) {
        try await translating { try await favorites.remove(id: id.rawValue, install: install) }
    }

    // MARK: Search history

    public func searchHistory(contains: String?, install: InstallID) async throws(ServiceError) -> [SearchHistoryEntry] {
        try await translating { try await history.list(contains: contains, install: install) }
    }

    public func clearSearchHistory(install: InstallID) async throws(ServiceError) {
        try await translating { try await history.clear(install: install) }
    }

    /// Returns once the writes made for later (history, cache) so far are done, for shutdown and tests.
    public func flushBookkeeping() async {
        await gateway.bookkeeping.flush()
    }

    // MARK: Pages and errors

    /// The provider named (nil: the default one); one not served is an invalid `provider`.
    func provider(_ name: ProviderName?) throws(ServiceError) -> ProviderGateway {
        guard let provider = providers.provider(name) else { throw .unknownProvider(among: providers.names) }
        return provider
    }

    /// The provider an id names; an id of a provider not served has no item here.
    func provider(of id: ItemID) throws(ServiceError) -> ProviderGateway {
        guard let provider = providers[id.provider] else { throw .itemNotFound(id: id.rawValue) }
        return provider
    }

    /// `lastOffset` is the last offset the endpoint serves, so `next_offset` never points past it.
    private func answer(_ fetched: Fetched<UpstreamPage>, page request: PageRequest, rules: ProviderRules,
                        lastOffset: Int, install: InstallID?) async throws -> Fetched<PageAnswer> {
        let favoriteIDs = try await favorites.markings(install: install)
        return fetched.map { _ in
            PageAnswer(fetched, request: request, favorites: favoriteIDs, lastOffset: lastOffset, wholePages: rules.offsetsAreWholePages)
        }
    }

    /// The boundary: whatever the layers below throw leaves as a `ServiceError`. `notFound`, when
    /// given, replaces the upstream's "no such GIF" (a random pick that matched nothing).
    /// `upstream` names the provider asked, for the details of its errors; nil where none is.
    func translating<T>(notFound: ServiceError? = nil, upstream: UpstreamNaming? = nil,
                        _ body: () async throws -> T) async throws(ServiceError) -> T {
        do {
            return try await body()
        } catch {
            if let notFound, (error as? UpstreamError) == .notFound { throw notFound }
            throw ServiceError(translating: error, upstream: upstream, report: report)
        }
    }
}

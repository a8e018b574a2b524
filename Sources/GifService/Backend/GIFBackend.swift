import Foundation

/// Everything the API asks of gif-bff, with the rules applied. Takes validated inputs; every
/// public method throws only `ServiceError`, translated once at its boundary. Depends on protocols
/// only: the upstream, the favorites, history and spotlight stores.
public struct GIFBackend: Sendable {
    let gateway: UpstreamGateway
    let favorites: FavoritesService
    let history: SearchHistoryService
    private let spotlightService: SpotlightService
    let defaultRating: Rating
    /// What each like/dislike deck session has shown (GIFBackend+Deck.swift).
    let deckSessions = DeckSessions()
    /// Analytics events to pingbacks, in the background (GIFBackend+Analytics.swift).
    public let analytics: AnalyticsPingbacks
    /// Unexpected failures are reported here (the app logs them); callers only see `internal`.
    private let report: @Sendable (any Error) -> Void

    public init(gateway: UpstreamGateway, favorites: FavoritesService, history: SearchHistoryService,
                spotlight: SpotlightService, defaultRating: Rating = .default, analytics: AnalyticsPingbacks = .disabled(),
                report: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.analytics = analytics
        self.gateway = gateway
        self.spotlightService = spotlight
        self.favorites = favorites
        self.history = history
        self.defaultRating = defaultRating
        self.report = report
    }

    public var favoritesLimit: Int { favorites.limit }
    public var upstreamMetrics: UpstreamMetrics { gateway.metrics }
    public var upstreamBudgetRemaining: Int? { gateway.budgetRemaining }
    /// Bookkeeping writes dropped since start, by kind, for the metrics.
    public var bookkeepingWriteFailures: [BookkeepingWrites.Write: Int] { gateway.bookkeeping.failures }

    /// How many favorites are stored, for the metrics.
    public func favoritesCount() async throws(ServiceError) -> Int {
        try await translating { try await favorites.count() }
    }

    // MARK: Browsing

    /// No words give an empty page without an upstream call; a search is recorded in the history
    /// after the answer (bookkeeping: a failed history write does not fail the answer).
    public func search(_ words: SearchWords?, page: PageRequest, rating: Rating?, lang: LanguageCode?,
                       type: MediaType = .default) async throws(ServiceError) -> Fetched<GIFPage> {
        try await searchAnswer(words, page: page, rating: rating, lang: lang, type: type).map { $0.page() }
    }

    /// As `search`, with the page not yet made, so a caller can reuse what it made from an equal one.
    /// `form` says which renditions the answer will carry: when the upstream's compact set holds
    /// them all, only that set is asked for (a smaller upstream answer, cached apart).
    public func searchAnswer(_ words: SearchWords?, page: PageRequest, rating: Rating?, lang: LanguageCode?,
                             type: MediaType = .default, form: GIFForm = .full) async throws(ServiceError) -> Fetched<PageAnswer> {
        guard let words else {
            let empty = UpstreamPage(gifs: [], totalCount: 0, count: 0, offset: page.offset)
            return Fetched(PageAnswer(Fetched(empty, status: .hit, age: 0), request: page, favorites: .none), status: .hit, age: 0)
        }
        return try await translating {
            let request = SearchRequest(query: words.text, offset: page.offset, limit: page.limit,
                                        rating: (rating ?? defaultRating).rawValue, lang: lang?.rawValue, type: type,
                                        compactRenditions: form.renditions.fitsCompactSet)
            let fetched = try await gateway.search(request)
            if history.wouldWrite(words.text) {
                gateway.bookkeeping.later(.searchHistory) { [history] in try await history.record(words.text) }
            }
            return try await answer(fetched, page: page)
        }
    }

    public func trending(page: PageRequest, rating: Rating?, type: MediaType = .default) async throws(ServiceError) -> Fetched<GIFPage> {
        try await trendingAnswer(page: page, rating: rating, type: type).map { $0.page() }
    }

    public func trendingAnswer(page: PageRequest, rating: Rating?, type: MediaType = .default,
                               form: GIFForm = .full) async throws(ServiceError) -> Fetched<PageAnswer> {
        try await translating {
            let request = TrendingRequest(offset: page.offset, limit: page.limit, rating: (rating ?? defaultRating).rawValue,
                                          type: type, compactRenditions: form.renditions.fitsCompactSet)
            return try await answer(try await gateway.trending(request), page: page,
                                    lastOffset: PageRequest.trendingOffsetRange.upperBound)
        }
    }

    public func gif(id: GIFID) async throws(ServiceError) -> Fetched<GIF> {
        try await translating {
            var fetched = try await gateway.gif(id: id.rawValue)
            fetched.value.isFavorite = try await favorites.contains(id: id.rawValue)
            return fetched
        }
    }

    public func random(tag: SearchWords?, rating: Rating?, type: MediaType = .default) async throws(ServiceError) -> GIF {
        try await translating(notFound: .noGIF(forTag: tag)) {
            let gif = try await gateway.random(tag: tag?.text, rating: (rating ?? defaultRating).rawValue, type: type)
            return gif.marked(favorite: try await favorites.contains(id: gif.id))
        }
    }

    /// The current spotlight GIF; errors only when there has never been one.
    public func spotlight(tag: SearchWords?) async throws(ServiceError) -> Spotlight {
        try await translating(notFound: .noGIF(forTag: tag)) {
            let spotlight = try await spotlightService.current(tag: tag?.text)
            // A pick read back from the store after a restart never passed through the gateway.
            gateway.links.record([spotlight.gif])
            let isFavorite = try await favorites.contains(id: spotlight.gif.id)
            return Spotlight(gif: spotlight.gif.marked(favorite: isFavorite), changesAt: spotlight.changesAt,
                             secondsLeft: spotlight.secondsLeft, stale: spotlight.stale, pickedNow: spotlight.pickedNow)
        }
    }

    // MARK: Favorites

    /// Newest first; never calls the upstream.
    public func listFavorites() async throws(ServiceError) -> [Favorite] {
        try await favoritesListing().favorites
    }

    /// The list with its version: equal versions, equal lists.
    public func favoritesListing() async throws(ServiceError) -> FavoritesListing {
        try await translating { try await favorites.listing() }
    }

    /// Adds the GIF with that id, fetching it to keep a snapshot. An id already present is
    /// answered from the store, without an upstream call; a full list fails before the call.
    public func addFavorite(id: GIFID) async throws(ServiceError) -> FavoriteAddResult {
        try await translating {
            if let existing = try await favorites.find(id: id.rawValue) {
                return .alreadyExisted(existing)
            }
            if try await favorites.count() >= favorites.limit {
                throw ServiceError.favoritesFull(limit: favorites.limit)
            }
            let gif = try await gateway.gif(id: id.rawValue).value
            return try await favorites.add(gif)
        }
    }

    public func removeFavorite(id: GIFID) async throws(ServiceError) {
        try await translating { try await favorites.remove(id: id.rawValue) }
    }

    // MARK: Search history

    /// Waits for the searches recorded so far, so a client sees the search it just made.
    public func searchHistory(contains: String?) async throws(ServiceError) -> [SearchHistoryEntry] {
        await gateway.bookkeeping.flush()
        return try await translating { try await history.list(contains: contains) }
    }

    /// Waits for the searches recorded so far, so none of them lands after the clearing.
    public func clearSearchHistory() async throws(ServiceError) {
        await gateway.bookkeeping.flush()
        try await translating { try await history.clear() }
    }

    /// Returns once the writes made for later (history, cache) so far are done, for shutdown and tests.
    public func flushBookkeeping() async {
        await gateway.bookkeeping.flush()
    }

    // MARK: Pages and errors

    /// `lastOffset` is the last offset the endpoint serves, so `next_offset` never points past it.
    private func answer(_ fetched: Fetched<UpstreamPage>, page request: PageRequest,
                        lastOffset: Int = PageRequest.offsetRange.upperBound) async throws -> Fetched<PageAnswer> {
        let favoriteIDs = try await favorites.markings()
        return fetched.map { _ in PageAnswer(fetched, request: request, favorites: favoriteIDs, lastOffset: lastOffset) }
    }

    /// The boundary: whatever the layers below throw leaves as a `ServiceError`. `notFound`, when
    /// given, replaces the upstream's "no such GIF" (a random pick that matched nothing).
    func translating<T>(notFound: ServiceError? = nil, _ body: () async throws -> T) async throws(ServiceError) -> T {
        do {
            return try await body()
        } catch {
            if let notFound, (error as? UpstreamError) == .notFound { throw notFound }
            throw ServiceError(translating: error, report: report)
        }
    }
}

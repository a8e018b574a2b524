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
    /// Unexpected failures are reported here (the app logs them); callers only see `internal`.
    private let report: @Sendable (any Error) -> Void

    public init(gateway: UpstreamGateway, favorites: FavoritesService, history: SearchHistoryService,
                spotlight: SpotlightService, defaultRating: Rating = .default, report: @escaping @Sendable (any Error) -> Void = { _ in }) {
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
    /// (bookkeeping: a failed history write does not fail the answer).
    /// Lists ask for the compact renditions' bundle: until a request can ask for every
    /// rendition (the `renditions` parameter), every list does.
    static let listsAskForCompactRenditions = true

    public func search(_ words: SearchWords?, page: PageRequest, rating: Rating?, lang: LanguageCode?,
                       type: MediaType = .default) async throws(ServiceError) -> Fetched<GIFPage> {
        guard let words else { return Fetched(.empty(offset: page.offset), status: .hit, age: 0) }
        return try await translating {
            let request = SearchRequest(query: words.text, offset: page.offset, limit: page.limit,
                                        rating: (rating ?? defaultRating).rawValue, lang: lang?.rawValue, type: type,
                                        compactRenditions: Self.listsAskForCompactRenditions)
            let fetched = try await gateway.search(request)
            await gateway.bookkeeping.attempt(.searchHistory) { try await history.record(words.text) }
            return try await present(fetched, page: page)
        }
    }

    public func trending(page: PageRequest, rating: Rating?, type: MediaType = .default) async throws(ServiceError) -> Fetched<GIFPage> {
        try await translating {
            let request = TrendingRequest(offset: page.offset, limit: page.limit, rating: (rating ?? defaultRating).rawValue,
                                          type: type, compactRenditions: Self.listsAskForCompactRenditions)
            return try await present(try await gateway.trending(request), page: page,
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
            let isFavorite = try await favorites.contains(id: spotlight.gif.id)
            return Spotlight(gif: spotlight.gif.marked(favorite: isFavorite), changesAt: spotlight.changesAt,
                             secondsLeft: spotlight.secondsLeft, stale: spotlight.stale, pickedNow: spotlight.pickedNow)
        }
    }

    // MARK: Favorites

    /// Newest first; never calls the upstream.
    public func listFavorites() async throws(ServiceError) -> [Favorite] {
        try await translating { try await favorites.list() }
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

    public func searchHistory(contains: String?) async throws(ServiceError) -> [SearchHistoryEntry] {
        try await translating { try await history.list(contains: contains) }
    }

    public func clearSearchHistory() async throws(ServiceError) {
        try await translating { try await history.clear() }
    }

    // MARK: Pages and errors

    /// De-duplicates ids within the page, marks favorites, and works out the next offset.
    /// `lastOffset` is the last one the endpoint serves, so `next_offset` never points past it.
    private func present(_ fetched: Fetched<UpstreamPage>, page request: PageRequest,
                         lastOffset: Int = PageRequest.offsetRange.upperBound) async throws -> Fetched<GIFPage> {
        let page = fetched.value
        let favoriteIDs = try await favorites.ids()
        var seen = Set<String>()
        var gifs: [GIF] = []
        for gif in page.gifs where seen.insert(gif.id).inserted {
            gifs.append(gif.marked(favorite: favoriteIDs.contains(gif.id)))
        }
        let consumed = max(page.count, page.gifs.count)
        let next = request.offset + consumed
        var hasMore = consumed > 0 && next <= lastOffset
        if let total = page.totalCount {
            hasMore = hasMore && next < total
        } else {
            hasMore = hasMore && consumed >= request.limit
        }
        let pagination = Pagination(offset: request.offset, count: gifs.count, totalCount: page.totalCount, nextOffset: hasMore ? next : nil)
        return fetched.map { _ in GIFPage(data: gifs, pagination: pagination, stale: fetched.isStale ? true : nil) }
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

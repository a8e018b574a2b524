import Foundation

/// Everything the API asks of gif-bff, with the rules applied and every failure mapped to a
/// `ServiceError`. Depends on protocols only: the upstream, the favorites and history stores.
public struct GifBackend: Sendable {
    private let gateway: UpstreamGateway
    private let favorites: FavoritesService
    private let history: SearchHistoryService
    private let spotlightService: SpotlightService
    private let defaultRating: String
    /// Unexpected failures are reported here (the API logs them); callers only see `internal`.
    private let report: @Sendable (any Error) -> Void

    public init(gateway: UpstreamGateway, favorites: FavoritesService, history: SearchHistoryService,
                spotlight: SpotlightService, defaultRating: String = "g", report: @escaping @Sendable (any Error) -> Void = { _ in }) {
        self.gateway = gateway
        self.spotlightService = spotlight
        self.favorites = favorites
        self.history = history
        self.defaultRating = defaultRating
        self.report = report
    }

    public var favoritesLimit: Int { favorites.limit }

    /// How many favorites are stored, for the metrics.
    public func favoritesCount() async throws -> Int {
        try await guarded { try await favorites.count() }
    }

    public var upstreamMetrics: UpstreamMetrics { gateway.metrics }
    public var upstreamBudgetRemaining: Int? { gateway.budgetRemaining }

    // MARK: Browsing

    /// A blank query gives an empty page without an upstream call; others are recorded in the history.
    public func search(q: String?, offset: String?, limit: String?, rating: String?, lang: String?) async throws -> Fetched<GIFPage> {
        let offset = try BrowseParameters.offset(offset)
        let limit = try BrowseParameters.limit(limit)
        let rating = try BrowseParameters.rating(rating, default: defaultRating)
        let lang = try BrowseParameters.lang(lang)
        guard let query = try BrowseParameters.query(q) else { return Fetched(.empty(offset: offset), status: .hit, age: 0) }
        let request = SearchRequest(query: query, offset: offset, limit: limit, rating: rating, lang: lang)
        let page = try await upstream { try await gateway.search(request) }
        _ = try await guarded { try await history.record(query) }
        return try await present(page, offset: offset, limit: limit)
    }

    public func trending(offset: String?, limit: String?, rating: String?) async throws -> Fetched<GIFPage> {
        let offset = try BrowseParameters.offset(offset)
        let limit = try BrowseParameters.limit(limit)
        let rating = try BrowseParameters.rating(rating, default: defaultRating)
        let page = try await upstream { try await gateway.trending(TrendingRequest(offset: offset, limit: limit, rating: rating)) }
        return try await present(page, offset: offset, limit: limit)
    }

    public func gif(id: String?) async throws -> Fetched<GIF> {
        let id = try BrowseParameters.gifID(id)
        var fetched = try await upstream { try await gateway.gif(id: id) }
        let isFavorite = try await guarded { try await favorites.contains(id: id) }
        fetched.value.isFavorite = isFavorite
        return fetched
    }

    public func random(tag: String?, rating: String?) async throws -> GIF {
        let tag = try BrowseParameters.tag(tag)
        let rating = try BrowseParameters.rating(rating, default: defaultRating)
        var gif: GIF
        do {
            gif = try await upstream { try await gateway.random(tag: tag, rating: rating) }
        } catch let error as ServiceError where error.kind == .gifNotFound {
            // GIPHY answers "not found" for a random pick when nothing matches the tag.
            throw ServiceError(.gifNotFound, "GIPHY has no GIF for the tag \"\(tag ?? "")\".")
        }
        gif.isFavorite = try await guarded { try await favorites.contains(id: gif.id) }
        return gif
    }

    /// The current spotlight GIF; errors only when there has never been one.
    public func spotlight(tag: String?) async throws -> Spotlight {
        let tag = try BrowseParameters.tag(tag)
        var spotlight: Spotlight
        do {
            spotlight = try await upstream { try await spotlightService.current(tag: tag) }
        } catch let error as ServiceError where error.kind == .gifNotFound {
            throw ServiceError(.gifNotFound, "GIPHY has no GIF for the tag \"\(tag ?? "")\".")
        }
        let isFavorite = try await guarded { try await favorites.contains(id: spotlight.gif.id) }
        spotlight = Spotlight(gif: spotlight.gif.marked(favorite: isFavorite), changesAt: spotlight.changesAt,
                              secondsLeft: spotlight.secondsLeft, stale: spotlight.stale, pickedNow: spotlight.pickedNow)
        return spotlight
    }

    // MARK: Favorites

    /// Newest first; never calls the upstream.
    public func listFavorites() async throws -> [Favorite] {
        try await guarded { try await favorites.list() }
    }

    /// Adds the GIF with that id, fetching it to keep a snapshot. An id already present is
    /// answered from the store, without an upstream call; a full list fails before the call.
    public func addFavorite(id: String?) async throws -> FavoriteAddResult {
        let id = try BrowseParameters.gifID(id)
        if let existing = try await guarded({ try await favorites.find(id: id) }) {
            return .alreadyExisted(existing)
        }
        if try await guarded({ try await favorites.count() }) >= favorites.limit {
            throw fullError
        }
        let gif = try await upstream { try await gateway.gif(id: id) }.value
        return try await guarded { try await favorites.add(gif) }
    }

    public func removeFavorite(id: String?) async throws {
        let id = try BrowseParameters.gifID(id)
        try await guarded { try await favorites.remove(id: id) }
    }

    // MARK: Search history

    public func searchHistory(contains: String?) async throws -> [SearchHistoryEntry] {
        try await guarded { try await history.list(contains: contains) }
    }

    public func clearSearchHistory() async throws {
        try await guarded { try await history.clear() }
    }

    // MARK: Mapping

    private var fullError: ServiceError {
        ServiceError(.favoritesFull, "You can keep at most \(favorites.limit) favorites; remove one to add another.")
    }

    /// De-duplicates ids within the page, marks favorites, and works out the next offset.
    private func present(_ fetched: Fetched<UpstreamPage>, offset: Int, limit: Int) async throws -> Fetched<GIFPage> {
        let page = fetched.value
        let favoriteIDs = try await guarded { try await favorites.ids() }
        var seen = Set<String>()
        var gifs: [GIF] = []
        for var gif in page.gifs where seen.insert(gif.id).inserted {
            gif.isFavorite = favoriteIDs.contains(gif.id)
            gifs.append(gif)
        }
        let consumed = max(page.count, page.gifs.count)
        let next = offset + consumed
        var hasMore = consumed > 0 && next <= BrowseParameters.offsetRange.upperBound
        if let total = page.totalCount {
            hasMore = hasMore && next < total
        } else {
            hasMore = hasMore && consumed >= limit
        }
        let pagination = Pagination(offset: offset, count: gifs.count, totalCount: page.totalCount, nextOffset: hasMore ? next : nil)
        return fetched.map { _ in GIFPage(data: gifs, pagination: pagination, stale: fetched.isStale ? true : nil) }
    }

    private func upstream<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch let error as UpstreamError {
            throw ServiceError.upstream(error)
        } catch let error as BudgetExhausted {
            throw ServiceError.budgetExhausted(error)
        } catch {
            report(error)
            throw ServiceError.internalError
        }
    }

    /// Store and rule failures: the rules' own errors map to their rows, anything else is internal.
    private func guarded<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch FavoritesError.favoritesFull {
            throw fullError
        } catch FavoritesError.notFound(let id) {
            throw ServiceError(.favoriteNotFound, "\(id) is not a favorite.")
        } catch let error as ServiceError {
            throw error
        } catch {
            report(error)
            throw ServiceError.internalError
        }
    }
}

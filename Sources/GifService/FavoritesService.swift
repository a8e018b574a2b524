import Foundation

/// The favorites rules: at most `limit` favorites, adding twice changes nothing, removing
/// an absent one is an error, newest first.
public struct FavoritesService: Sendable {
    public static let defaultLimit = 20

    public let limit: Int
    private let store: any FavoritesStore
    private let now: @Sendable () -> Date

    /// `now` is injectable so tests can add favorites at equal or chosen times.
    public init(store: any FavoritesStore, limit: Int = defaultLimit, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.limit = limit
        self.now = now
    }

    /// Adds `gif` as it is now. Throws `FavoritesError.favoritesFull` when `limit` are
    /// stored and `gif` is not one of them.
    public func add(_ gif: GIF) async throws -> FavoriteAddResult {
        var snapshot = gif
        snapshot.isFavorite = nil
        let record = FavoriteRecord(id: gif.id, snapshot: Data(snapshot.jsonBytes()), addedAt: now())
        switch try await store.insertIfRoom(record, limit: limit) {
        case .inserted:
            return .added(Favorite(gif: snapshot, addedAt: record.addedAt))
        case .alreadyPresent(let existing):
            return .alreadyExisted(try Self.favorite(from: existing))
        case .full:
            throw FavoritesError.favoritesFull(limit: limit)
        }
    }

    /// Throws `FavoritesError.notFound` when `id` is not a favorite.
    public func remove(id: String) async throws {
        guard try await store.remove(id: id) else {
            throw FavoritesError.notFound(id: id)
        }
    }

    /// Newest first; favorites added at the same moment, the later-added first.
    public func list() async throws -> [Favorite] {
        try await store.list().map(Self.favorite(from:))
    }

    /// The ids of all favorites, for marking `is_favorite` on pages.
    public func ids() async throws -> Set<String> {
        try await store.ids()
    }

    public func count() async throws -> Int {
        try await store.count()
    }

    /// One favorite, decoding only its own snapshot.
    public func find(id: String) async throws -> Favorite? {
        try await store.find(id: id).map(Self.favorite(from:))
    }

    public func contains(id: String) async throws -> Bool {
        try await store.contains(id: id)
    }

    // MARK: Snapshots

    private static func favorite(from record: FavoriteRecord) throws -> Favorite {
        do {
            let gif = try JSONDecoder().decode(GIF.self, from: record.snapshot)
            return Favorite(gif: gif, addedAt: record.addedAt)
        } catch {
            throw FavoritesError.unreadableSnapshot(id: record.id)
        }
    }
}

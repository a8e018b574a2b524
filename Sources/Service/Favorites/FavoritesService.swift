import Foundation

/// The favorites rules: at most `limit` favorites, adding twice changes nothing, removing
/// an absent one is an error, newest first. Reads are answered from memory (`FavoritesMemory`),
/// shared by copies of the service; only adds and removes reach the store.
public struct FavoritesService: Sendable {
    public static let defaultLimit = 20

    public let limit: Int
    private let store: any FavoritesStore
    private let now: @Sendable () -> Date
    private let memory = FavoritesMemory()

    /// `now` is injectable so tests can add favorites at equal or chosen times.
    public init(store: any FavoritesStore, limit: Int = defaultLimit, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.limit = limit
        self.now = now
    }

    /// Adds `gif` as it is now. Throws `FavoritesError.favoritesFull` when `limit` are
    /// stored and `gif` is not one of them.
    public func add(_ item: Item) async throws -> FavoriteAddResult {
        var snapshot = item
        snapshot.isFavorite = nil
        let record = FavoriteRecord(id: item.id, snapshot: Data(snapshot.jsonBytes()), addedAt: now())
        return try await memory.gate.run {
            switch try await store.insertIfRoom(record, limit: limit) {
            case .inserted:
                let favorite = Favorite(item: snapshot, addedAt: record.addedAt)
                memory.inserted(favorite)
                return .added(favorite)
            case .alreadyPresent(let existing):
                if memory.state.withLock({ $0.ids.map { !$0.contains(existing.id) } ?? false }) { memory.forget() }
                return .alreadyExisted(try Self.favorite(from: existing))
            case .full:
                throw FavoritesError.favoritesFull(limit: limit)
            }
        }
    }

    /// Throws `FavoritesError.notFound` when `id` is not a favorite.
    public func remove(id: String) async throws {
        try await memory.gate.run {
            let removed = try await store.remove(id: id)
            // Told either way: an id the store did not have must not stay marked.
            memory.removed(id: id)
            guard removed else { throw FavoritesError.notFound(id: id) }
        }
    }

    /// Newest first; favorites added at the same moment, the later-added first.
    public func list() async throws -> [Favorite] {
        try await listing().favorites
    }

    /// The list with its version; the store is read (and the snapshots decoded) only the first time.
    public func listing() async throws -> FavoritesListing {
        let replacements = store.replacements
        if let known = memory.state.withLock({ state in
            state.forgetIfReplaced(now: replacements)
            return state.list.map { FavoritesListing(favorites: $0, version: state.version) }
        }) {
            return known
        }
        return try await memory.gate.run { try await Self.load(memory, from: store) }
    }

    /// Reads the favorites into memory now, in the background, before anyone asks: a list, a
    /// marking or an add asked for afterwards waits for this one read, and from then on lists and
    /// markings never wait for the store (an add holds the favorites while it writes, and on a slow
    /// disk that is long). For start-up. A read that fails is left to the next list to retry and report.
    public func startLoading() {
        memory.gate.runInBackground { [memory, store] in
            _ = try? await Self.load(memory, from: store)
        }
    }

    /// Under the gate: the list in memory, read from the store if it is not there yet.
    private static func load(_ memory: FavoritesMemory, from store: any FavoritesStore) async throws -> FavoritesListing {
        let replacements = store.replacements
        if let known = memory.state.withLock({ state in
            state.forgetIfReplaced(now: replacements)
            return state.list.map { FavoritesListing(favorites: $0, version: state.version) }
        }) {
            return known
        }
        let list = try await store.list().map(Self.favorite(from:))
        return memory.state.withLock { state in
            state.list = list
            state.ids = Set(list.map(\.id))
            return FavoritesListing(favorites: list, version: state.version)
        }
    }

    /// The ids of all favorites with their version, for marking `is_favorite` on pages.
    public func markings() async throws -> FavoriteIDs {
        let replacements = store.replacements
        if let known = memory.state.withLock({ state in
            state.forgetIfReplaced(now: replacements)
            return state.ids.map { FavoriteIDs(ids: $0, version: state.version) }
        }) {
            return known
        }
        return try await memory.gate.run {
            if let ids = memory.state.withLock({ state in
                state.forgetIfReplaced(now: replacements)
                return state.ids
            }) {
                return FavoriteIDs(ids: ids, version: memory.state.withLock { $0.version })
            }
            let ids = try await store.ids()
            return memory.state.withLock { state in
                state.ids = ids
                return FavoriteIDs(ids: ids, version: state.version)
            }
        }
    }

    public func ids() async throws -> Set<String> {
        try await markings().ids
    }

    public func count() async throws -> Int {
        try await ids().count
    }

    /// One favorite, decoding only its own snapshot when the list was never read.
    public func find(id: String) async throws -> Favorite? {
        guard try await contains(id: id) else { return nil }
        if let listed = memory.state.withLock({ $0.list?.first { $0.id == id } }) { return listed }
        return try await store.find(id: id).map(Self.favorite(from:))
    }

    public func contains(id: String) async throws -> Bool {
        try await ids().contains(id)
    }

    // MARK: Snapshots

    private static func favorite(from record: FavoriteRecord) throws -> Favorite {
        do {
            let item = try JSONDecoder().decode(Item.self, from: record.snapshot)
            return Favorite(item: item, addedAt: record.addedAt)
        } catch {
            throw FavoritesError.unreadableSnapshot(id: record.id)
        }
    }
}

import Model
import Primitives
import JSON
import Foundation
import Synchronization

/// The favorites rules, per install: at most `limit` favorites each, adding twice changes nothing,
/// removing an absent one is an error, newest first. An install sees and changes only its own.
/// Reads are answered from memory (`FavoritesMemories`, shared by copies of the service); only
/// adds and removes reach the store, one at a time per install.
package struct FavoritesService: Sendable {
    package static let defaultLimit = 20
    /// Installs whose favorites are kept in memory at once (each up to `limit` decoded items).
    package static let defaultMemoryCapacity = 1_000

    package let limit: Int
    private let store: any FavoritesStore
    private let now: @Sendable () -> Date
    private let memories: FavoritesMemories

    /// `now` is injectable so tests can add favorites at equal or chosen times.
    package init(store: any FavoritesStore, limit: Int = defaultLimit, memoryCapacity: Int = defaultMemoryCapacity,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.limit = limit
        self.now = now
        memories = FavoritesMemories(capacity: memoryCapacity)
    }

    /// Adds `item` as it is now to the install's favorites. Throws `FavoritesError.favoritesFull`
    /// when `limit` are stored and `item` is not one of them, `InstallError.unknownToken` when the
    /// install was deleted meanwhile.
    package func add(_ item: Item, install: InstallID) async throws -> FavoriteAddResult {
        var snapshot = item
        snapshot.isFavorite = nil
        let record = FavoriteRecord(id: item.id, snapshot: Data(snapshot.jsonBytes()), addedAt: now())
        return try await memories.using(install) { memory in
            try await memory.gate.run {
                switch try await store.insertIfRoom(record, limit: limit, install: install) {
                case .inserted:
                    let favorite = Favorite(item: snapshot, addedAt: record.addedAt)
                    memory.inserted(favorite)
                    return .added(favorite)
                case .alreadyPresent(let existing):
                    if memory.state.withLock({ $0.ids.map { !$0.contains(existing.id) } ?? false }) { memory.forget() }
                    return .alreadyExisted(try Self.favorite(from: existing))
                case .full:
                    throw FavoritesError.favoritesFull(limit: limit)
                case .noSuchInstall:
                    throw InstallError.unknownToken
                }
            }
        }
    }

    /// Throws `FavoritesError.notFound` when `id` is not one of the install's favorites.
    package func remove(id: String, install: InstallID) async throws {
        try await memories.using(install) { memory in
            try await memory.gate.run {
                let removed = try await store.remove(id: id, install: install)
                // Told either way: an id the store did not have must not stay marked.
                memory.removed(id: id)
                guard removed else { throw FavoritesError.notFound(id: id) }
            }
        }
    }

    /// Newest first; favorites added at the same moment, the later-added first.
    package func list(install: InstallID) async throws -> [Favorite] {
        try await listing(install: install).favorites
    }

    /// The list with its version; the store is read (and the snapshots decoded) only the first time.
    package func listing(install: InstallID) async throws -> FavoritesListing {
        if let known = keptListing(install: install) { return known }
        return try await memories.using(install) { memory in
            try await memory.gate.run { try await Self.load(memory, of: install, from: store) }
        }
    }

    /// The list with its version when memory holds it, without waiting; nil when the store must
    /// be read first.
    package func keptListing(install: InstallID) -> FavoritesListing? {
        memories.existing(install)?.listing(replacements: store.replacements)
    }

    /// The ids of the install's favorites when memory holds them, without waiting; nil when the
    /// store must be read first. A request for no install marks nothing.
    package func keptMarkings(install: InstallID?) -> FavoriteIDs? {
        guard let install else { return FavoriteIDs.none }
        return memories.existing(install)?.markings(replacements: store.replacements)
    }

    /// Reads the local install's favorites into memory now, in the background, before anyone asks:
    /// a list, a marking or an add asked for afterwards waits for this one read, and from then on
    /// lists and markings never wait for the store (an add holds the favorites while it writes,
    /// and on a slow disk that is long). For start-up. A read that fails is left to the next list.
    package func startLoading(install: InstallID = .local) {
        let memory = memories.kept(install)
        memory.gate.runInBackground { [store] in
            _ = try? await Self.load(memory, of: install, from: store)
        }
    }

    /// Under the gate: the list in memory, read from the store if it is not there yet.
    private static func load(_ memory: FavoritesMemory, of install: InstallID, from store: any FavoritesStore) async throws -> FavoritesListing {
        let replacements = store.replacements
        if let known = memory.listing(replacements: replacements) { return known }
        let list = try await store.list(install: install).map(Self.favorite(from:))
        return memory.state.withLock { state in
            state.list = list
            state.ids = Set(list.map(\.id))
            return FavoritesListing(favorites: list, version: state.version)
        }
    }

    /// The ids of the install's favorites with their version, for marking `is_favorite` on pages.
    package func markings(install: InstallID) async throws -> FavoriteIDs {
        if let known = keptMarkings(install: install) { return known }
        return try await memories.using(install) { memory in
            try await memory.gate.run {
                if let known = memory.markings(replacements: store.replacements) { return known }
                let ids = try await store.ids(install: install)
                return memory.state.withLock { state in
                    state.ids = ids
                    return FavoriteIDs(ids: ids, version: state.version)
                }
            }
        }
    }

    /// For a request that acts for no install (`required` policy, no token): nothing is a favorite.
    package func markings(install: InstallID?) async throws -> FavoriteIDs {
        guard let install else { return .none }
        return try await markings(install: install)
    }

    package func ids(install: InstallID) async throws -> Set<String> {
        try await markings(install: install).ids
    }

    package func count(install: InstallID) async throws -> Int {
        try await ids(install: install).count
    }

    /// One favorite, decoding only its own snapshot when the list was never read.
    package func find(id: String, install: InstallID) async throws -> Favorite? {
        guard try await contains(id: id, install: install) else { return nil }
        if let listed = memories.existing(install)?.listing(replacements: store.replacements)?.favorites.first(where: { $0.id == id }) {
            return listed
        }
        return try await store.find(id: id, install: install).map(Self.favorite(from:))
    }

    package func contains(id: String, install: InstallID) async throws -> Bool {
        try await ids(install: install).contains(id)
    }

    /// Every install's favorites, counted by the store (for the metrics).
    package func totalCount() async throws -> Int {
        try await store.totalCount()
    }

    /// Drops what memory holds of a deleted install.
    package func forget(_ install: InstallID) {
        memories.forget(install)
    }

    // MARK: Snapshots

    private static func favorite(from record: FavoriteRecord) throws -> Favorite {
        do {
            let item = try Item(jsonBytes: record.snapshot)
            return Favorite(item: item, addedAt: record.addedAt)
        } catch {
            throw FavoritesError.unreadableSnapshot(id: record.id)
        }
    }
}

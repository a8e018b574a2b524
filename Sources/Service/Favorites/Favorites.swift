import Foundation
import Gateway
import JSON
import Model
import Primitives

/// Each install's favorites, and the one owner of their state (the store, what memory holds of
/// it, the cap, the clock) and of every rule: at most `limit` each (decided in one place, `full`),
/// adding one already there changes nothing, removing one absent is not found, newest first. An
/// install sees and changes only its own. Lists and marks come from memory (`FavoritesMemories`),
/// each read from the store once; adds and removes reach the store one at a time per install
/// (its memory's gate), so memory changes in the order the store made them.
///
/// A favorite whose snapshot is rated above the content ceiling (saved before the ceiling was
/// lowered) is served by no route: it is left out of the list and is not found when added again
/// or saved, but it stays stored (it is the install's; raised again, the ceiling lets it back),
/// counts toward the cap, and can be removed by its id.
package struct Favorites: Sendable {
    package static let defaultLimit = 20
    /// Installs whose favorites are kept in memory at once (each up to `limit` decoded items).
    package static let defaultMemoryCapacity = 1_000

    /// The cap on one install's favorites.
    package let limit: Int
    let store: any FavoritesStore
    let memories: FavoritesMemories
    let now: @Sendable () -> Date
    let providers: ProviderGateways
    let errors: ErrorTranslation
    /// Whether the ceiling can refuse an item of some provider served (below r, on one that
    /// rates): decided once, as the list is read on every request.
    let ceilingApplies: Bool
    /// Blocked items are hidden from the list, not deleted: unblocked, each is back where it was.
    let blocklist: Blocklist

    init(_ settings: FavoritesSettings, providers: ProviderGateways, blocklist: Blocklist = Blocklist(), errors: ErrorTranslation) {
        limit = settings.limit
        store = settings.store
        memories = FavoritesMemories(capacity: settings.memoryCapacity)
        now = settings.now
        self.providers = providers
        self.errors = errors
        self.blocklist = blocklist
        ceilingApplies = providers.all.contains { $0.rules.ratesItems && $0.ceiling.rating != .r }
    }

    /// The list with its version, newest first, none above the ceiling: ready when memory holds
    /// it, else read from the store under the install's gate. Equal versions, equal lists
    /// (versions never repeat across installs, and the ceiling is the same for the server's life).
    package func listing(install: InstallID) -> ReadyOrPending<FavoritesListing> {
        if let known = memories.existing(install)?.listing(replacements: store.replacements) { return .ready(admitted(known)) }
        return .pending { [self] in
            try await errors.translating { admitted(try await memories.using(install) { try await stored($0, install) }) }
        }
    }

    /// The ids of the install's favorites with their version, for marking `is_favorite`: ready
    /// when memory holds them (or for no install, whose items are no one's favorites), else read
    /// from the store under the install's gate.
    package func markings(install: InstallID?) -> ReadyOrPending<FavoriteIDs> {
        guard let install else { return .ready(.none) }
        if let known = memories.existing(install)?.markings(replacements: store.replacements) { return .ready(known) }
        return .pending { [self] in
            try await errors.translating { try await memories.using(install) { try await marked($0, install) } }
        }
    }

    /// One of the install's favorites as stored (the ceiling is the caller's to apply), nil when
    /// it is not one; only its own snapshot is decoded when the list was never read.
    package func find(id: String, install: InstallID) async throws(ServiceError) -> Favorite? {
        try await errors.translating {
            try await memories.using(install) { memory in
                guard try await marked(memory, install).ids.contains(id) else { return nil }
                return try await storedFavorite(id, memory, install)
            }
        }
    }

    /// Reads the local install's favorites into memory now, in the background, before anyone asks:
    /// a list, a marking or an add asked for afterwards waits for this one read, and from then on
    /// lists and markings never wait for the store (an add holds the favorites while it writes,
    /// and on a slow disk that is long). For start-up. A read that fails is left to the next list.
    package func startLoading(install: InstallID = .local) {
        let memory = memories.kept(install)
        memory.gate.runInBackground { [self] in
            _ = try? await load(memory, install)
        }
    }

    /// How many favorites are stored, over every install, for the metrics.
    package func totalCount() async throws(ServiceError) -> Int {
        try await errors.translating { try await store.totalCount() }
    }

    /// Drops what memory holds of a deleted install.
    func forget(_ install: InstallID) {
        memories.forget(install)
    }

    // MARK: Memory, read from the store once

    /// The install's ids, from memory, else read under its gate.
    func marked(_ memory: FavoritesMemory, _ install: InstallID) async throws -> FavoriteIDs {
        if let known = memory.markings(replacements: store.replacements) { return known }
        return try await memory.gate.run {
            if let known = memory.markings(replacements: store.replacements) { return known }
            return memory.loaded(ids: try await store.ids(install: install))
        }
    }

    /// The install's whole list (the ceiling not applied), from memory, else read under its gate.
    func stored(_ memory: FavoritesMemory, _ install: InstallID) async throws -> FavoritesListing {
        if let known = memory.listing(replacements: store.replacements) { return known }
        return try await memory.gate.run { try await load(memory, install) }
    }

    /// One favorite the ids named, from the list in memory, else decoded alone from the store.
    func storedFavorite(_ id: String, _ memory: FavoritesMemory, _ install: InstallID) async throws -> Favorite? {
        if let listed = memory.listing(replacements: store.replacements)?.favorites.first(where: { $0.id == id }) { return listed }
        return try await store.find(id: id, install: install).map(Self.favorite(from:))
    }

    /// Under the gate: the list in memory, read from the store if it is not there yet.
    private func load(_ memory: FavoritesMemory, _ install: InstallID) async throws -> FavoritesListing {
        if let known = memory.listing(replacements: store.replacements) { return known }
        return memory.loaded(list: try await store.list(install: install).map(Self.favorite(from:)))
    }

    static func favorite(from record: FavoriteRecord) throws -> Favorite {
        do {
            return Favorite(item: try Item(jsonBytes: record.snapshot), addedAt: record.addedAt)
        } catch {
            throw FavoritesError.unreadableSnapshot(id: record.id)
        }
    }

    // MARK: The content ceiling

    /// The listing without its favorites above the content ceiling or blocked; the same listing,
    /// not a copy, when none is (always, with no ceiling and no block). Its `blocks` says which
    /// blocks it was filtered by, so a list written before a block changed is not reused after.
    func admitted(_ listing: FavoritesListing) -> FavoritesListing {
        let blocks = blocklist.blocks
        let hidden: (Favorite) -> Bool = { (self.ceilingApplies && !self.admits($0.item)) || blocks.blocks(item: $0.id) }
        guard (ceilingApplies || !blocks.items.isEmpty), listing.favorites.contains(where: hidden) else {
            return listing.filtered(by: blocks.version)
        }
        return FavoritesListing(favorites: listing.favorites.filter { !hidden($0) }, version: listing.version, blocks: blocks.version)
    }

    /// A favorite's snapshot as its provider's ceiling reads it; a provider not served has no rule here.
    func admits(_ item: Item) -> Bool {
        providers[item.provider]?.admits(item) ?? true
    }
}

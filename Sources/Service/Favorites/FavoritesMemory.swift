import Model
import Synchronization
import Primitives

/// One install's favorites as this process last read or changed them: what its pages'
/// `is_favorite` and its favorites list come from, so neither reads the store. The store stays
/// the truth: each part is read from it once (when first needed), then changed only after the
/// store confirmed a change, under `gate`, so changes apply in the order the store made them.
final class FavoritesMemory: Sendable {
    struct State {
        /// Nil until read from the store.
        var ids: Set<String>?
        /// Newest first, decoded once; nil until first listed.
        var list: [Favorite]?
        /// A new number from `versions` with every change, so what was made from the favorites
        /// can be reused until then, and no two memories (installs) ever share a version.
        var version: UInt64
        /// The store's `replacements` when `ids` and `list` were read.
        var storeReplacements = 0
    }

    let gate = AsyncMutex()
    /// Changed only by the methods below: each takes the lock once.
    private let state: Mutex<State>

    /// Forgets what was read from a store whose contents were replaced since (its file deleted
    /// or replaced under the server); done under the lock, with the read that follows.
    private func forgetIfReplaced(_ state: inout State, now replacements: Int) {
        guard state.storeReplacements != replacements else { return }
        state.storeReplacements = replacements
        state.ids = nil
        state.list = nil
        state.version = versions.next()
    }
    private let versions: VersionCounter

    init(versions: VersionCounter) {
        self.versions = versions
        state = Mutex(State(version: versions.next()))
    }

    func inserted(_ favorite: Favorite) {
        state.withLock { state in
            state.ids?.insert(favorite.id)
            // Newest first; among equal times the later-added first, as the store lists them.
            if let index = state.list?.firstIndex(where: { $0.addedAt <= favorite.addedAt }) {
                state.list?.insert(favorite, at: index)
            } else {
                state.list?.append(favorite)
            }
            state.version = versions.next()
        }
    }

    func removed(id: String) {
        state.withLock { state in
            state.ids?.remove(id)
            state.list?.removeAll { $0.id == id }
            state.version = versions.next()
        }
    }

    /// The ids as read from the store (under the gate), with their version.
    func loaded(ids: Set<String>) -> FavoriteIDs {
        state.withLock { state in
            state.ids = ids
            return FavoriteIDs(ids: ids, version: state.version)
        }
    }

    /// The list as read from the store (under the gate), with its version; its ids with it.
    func loaded(list: [Favorite]) -> FavoritesListing {
        state.withLock { state in
            state.list = list
            state.ids = Set(list.map(\.id))
            return FavoritesListing(favorites: list, version: state.version)
        }
    }

    /// The store holds `id`: when this memory read the ids and they lack it, another process
    /// added it, so everything is read again.
    func storeHolds(_ id: String) {
        state.withLock { state in
            guard let ids = state.ids, !ids.contains(id) else { return }
            forget(&state)
        }
    }

    /// The store holds `limit` favorites: when this memory read fewer, another process added
    /// them, so everything is read again (and the next add is refused before its upstream call).
    func storeIsFull(limit: Int) {
        state.withLock { state in
            guard let ids = state.ids, ids.count < limit else { return }
            forget(&state)
        }
    }

    /// The store knows something this memory missed (another process changed it), or the memory
    /// is dropped (a late reader must then go to the store): read it again.
    func forget() {
        state.withLock { forget(&$0) }
    }

    private func forget(_ state: inout State) {
        state.ids = nil
        state.list = nil
        state.version = versions.next()
    }

    /// The list with its version, when it was read from the store as it is now (`replacements`).
    func listing(replacements: Int) -> FavoritesListing? {
        state.withLock { state in
            forgetIfReplaced(&state, now: replacements)
            return state.list.map { FavoritesListing(favorites: $0, version: state.version) }
        }
    }

    /// The ids with their version, when they were read from the store as it is now.
    func markings(replacements: Int) -> FavoriteIDs? {
        state.withLock { state in
            forgetIfReplaced(&state, now: replacements)
            return state.ids.map { FavoriteIDs(ids: $0, version: state.version) }
        }
    }
}

/// Versions for every install's favorites: one sequence, so a version names one install's content.
final class VersionCounter: Sendable {
    private let last = Atomic<UInt64>(0)

    func next() -> UInt64 { last.add(1, ordering: .relaxed).newValue }
}

/// The favorite ids at one moment, with the version they belong to.
package struct FavoriteIDs: Sendable {
    package let ids: Set<String>
    package let version: UInt64

    /// For pages that hold no GIF, or that are answered for no install. No memory has version 0.
    static let none = FavoriteIDs(ids: [], version: 0)
}

/// The favorites list at one moment, with the version it belongs to.
package struct FavoritesListing: Sendable {
    package let favorites: [Favorite]
    package let version: UInt64
    /// The version of the blocks the list was filtered by (`Blocklist`); 0 before filtering.
    package let blocks: UInt64

    init(favorites: [Favorite], version: UInt64, blocks: UInt64 = 0) {
        (self.favorites, self.version, self.blocks) = (favorites, version, blocks)
    }

    /// The same list, said to be filtered by the blocks at `blocks` (none of them was in it).
    func filtered(by blocks: UInt64) -> FavoritesListing {
        FavoritesListing(favorites: favorites, version: version, blocks: blocks)
    }
}

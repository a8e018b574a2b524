import Synchronization

/// The favorites as this process last read or changed them: what every page's `is_favorite` and
/// every favorites list comes from, so neither reads the store. The store stays the truth: each
/// part is read from it once (when first needed), then changed only after the store confirmed a
/// change, under `gate`, so changes apply in the order the store made them.
final class FavoritesMemory: Sendable {
    struct State {
        /// Nil until read from the store.
        var ids: Set<String>?
        /// Newest first, decoded once; nil until first listed.
        var list: [Favorite]?
        /// Goes up with every change, so what was made from the favorites can be reused until then.
        var version: UInt64 = 0
        /// The store's `replacements` when `ids` and `list` were read.
        var storeReplacements = 0

        /// Forgets what was read from a store whose contents were replaced since (its file deleted
        /// or replaced under the server); done under the lock, with the read that follows.
        mutating func forgetIfReplaced(now replacements: Int) {
            guard storeReplacements != replacements else { return }
            storeReplacements = replacements
            ids = nil
            list = nil
            version += 1
        }
    }

    let gate = SerialGate()
    let state = Mutex(State())

    func inserted(_ favorite: Favorite) {
        state.withLock { state in
            state.ids?.insert(favorite.id)
            // Newest first; among equal times the later-added first, as the store lists them.
            if let index = state.list?.firstIndex(where: { $0.addedAt <= favorite.addedAt }) {
                state.list?.insert(favorite, at: index)
            } else {
                state.list?.append(favorite)
            }
            state.version += 1
        }
    }

    func removed(id: String) {
        state.withLock { state in
            state.ids?.remove(id)
            state.list?.removeAll { $0.id == id }
            state.version += 1
        }
    }

    /// The store knows something this memory missed (another process changed it): read it again.
    func forget() {
        state.withLock { state in
            state.ids = nil
            state.list = nil
            state.version += 1
        }
    }
}

/// The favorite ids at one moment, with the version they belong to.
public struct FavoriteIDs: Sendable {
    public let ids: Set<String>
    public let version: UInt64

    /// For pages that hold no GIF.
    static let none = FavoriteIDs(ids: [], version: 0)
}

/// The favorites list at one moment, with the version it belongs to.
public struct FavoritesListing: Sendable {
    public let favorites: [Favorite]
    public let version: UInt64
}

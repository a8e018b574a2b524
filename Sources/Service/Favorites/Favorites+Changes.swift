import Primitives
import Foundation
import Gateway
import Model

/// Adding and removing: the cap's one decision (`full`), whether memory's count says so before
/// the upstream call or the store's atomic insert says so after it.
extension Favorites {
    /// Adds the item with that id to the install's favorites. An id already present is answered
    /// from what is stored, without an upstream call; a full list fails before the call, which is
    /// charged to `payer`. An item rated above the content ceiling is not found, and so is a
    /// favorite whose stored snapshot is (the answer would carry that snapshot).
    /// A blocked item is not found either (one already a favorite stays, hidden).
    package func add(id: ItemID, install: InstallID, payer: CallPayer? = nil) async throws(ServiceError) -> FavoriteAddResult {
        let provider = try providers.provider(of: id)
        if blocklist.blocks.blocks(item: id.rawValue) { throw .blocked(id: id.rawValue) }
        return try await errors.translating(upstream: provider.rules.naming) {
            // One memory for the whole add: checked out once, so it stays while the upstream answers.
            try await memories.using(install) { memory in
                let marked = try await marked(memory, install)
                if marked.ids.contains(id.rawValue), let existing = try await storedFavorite(id.rawValue, memory, install) {
                    try provider.checkAdmitted(existing.item)
                    return .alreadyExisted(existing)
                }
                if marked.ids.count >= limit { throw try await full(memory, install) }
                let item = try provider.admitted(try await provider.gateway.item(id: id.upstreamID, payer: payer).value().value.value)
                let result = try await insert(item, memory, install)
                // Added meanwhile by another request, its older snapshot is what the answer would carry.
                try provider.checkAdmitted(result.favorite.item)
                return result
            }
        }
    }

    /// An id that is not one of the install's favorites (another install's too) is not found.
    package func remove(id: ItemID, install: InstallID) async throws(ServiceError) {
        try await errors.translating {
            try await memories.using(install) { memory in
                try await memory.gate.run {
                    let removed = try await store.remove(id: id.rawValue, install: install)
                    // Told either way: an id the store did not have must not stay marked.
                    memory.removed(id: id.rawValue)
                    guard removed else { throw FavoritesError.notFound(id: id.rawValue) }
                }
            }
        }
    }

    /// The one answer to adding past the cap: the cap, and how many of the stored favorites the
    /// ceiling hides (stored and counted, not listed), read after the store's word, not before.
    func full(_ memory: FavoritesMemory, _ install: InstallID) async throws -> ServiceError {
        guard ceilingApplies else { return .favoritesFull(limit: limit) }
        return .favoritesFull(limit: limit, hidden: try await stored(memory, install).favorites.count { !admits($0.item) })
    }

    /// Stores `item` as it is now, under the install's gate; memory follows what the store did.
    private func insert(_ item: Item, _ memory: FavoritesMemory, _ install: InstallID) async throws -> FavoriteAddResult {
        let record = FavoriteRecord(snapshotOf: item, addedAt: now())
        let favorite = Favorite(item: item, addedAt: record.addedAt)
        let outcome = try await memory.gate.run {
            let outcome = try await store.insertIfRoom(record, limit: limit, install: install)
            switch outcome {
            case .inserted: memory.inserted(favorite)
            // Another process changed the store where memory said otherwise: memory reads it again.
            case .alreadyPresent(let existing): memory.storeHolds(existing.id)
            case .full: memory.storeIsFull(limit: limit)
            case .noSuchInstall: break
            }
            return outcome
        }
        switch outcome {
        case .inserted: return .added(favorite)
        case .alreadyPresent(let existing): return .alreadyExisted(try Self.favorite(from: existing))
        case .full: throw try await full(memory, install)
        case .noSuchInstall: throw InstallError.unknownToken
        }
    }
}

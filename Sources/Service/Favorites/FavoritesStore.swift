import Model
import JSON
import Foundation

/// A favorite as the store keeps it: the item as opaque bytes, and when it was added.
package struct FavoriteRecord: Equatable, Sendable {
    package let id: String
    package let snapshot: Data
    package let addedAt: Date

    package init(id: String, snapshot: Data, addedAt: Date) {
        self.id = id
        self.snapshot = snapshot
        self.addedAt = addedAt
    }
}

extension FavoriteRecord {
    /// `item` as it is now, as a favorite is stored: its JSON without any install's mark.
    package init(snapshotOf item: Item, addedAt: Date) {
        var snapshot = item
        snapshot.isFavorite = nil
        self.init(id: item.id, snapshot: Data(snapshot.jsonBytes()), addedAt: addedAt)
    }
}

package enum FavoriteInsertOutcome: Equatable, Sendable {
    case inserted
    /// Nothing changed; carries the record already stored under that id for that install.
    case alreadyPresent(FavoriteRecord)
    /// Nothing changed: `limit` favorites are stored for that install.
    case full
    /// Nothing changed: the install does not exist (deleted meanwhile).
    case noSuchInstall
}

/// Where favorites live, each under its install: a call reads or changes one install's only.
/// `Favorites` owns the rules; the store must make `insertIfRoom` atomic (the install's
/// existence, the presence check, its count and the insert as one step), so racing adds, from
/// this process or another, never take an install past `limit` nor count against another's.
package protocol FavoritesStore: Sendable {
    /// Newest first; equal times in reverse insertion order.
    func list(install: InstallID) async throws -> [FavoriteRecord]
    /// The ids alone, without reading the snapshots (for marking `is_favorite` on pages).
    func ids(install: InstallID) async throws -> Set<String>
    /// One favorite, without reading the others.
    func find(id: String, install: InstallID) async throws -> FavoriteRecord?
    func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome
    /// False when the install had no favorite with that id.
    func remove(id: String, install: InstallID) async throws -> Bool
    /// Every install's favorites (for the metrics).
    func totalCount() async throws -> Int
    /// Goes up each time the store's contents were replaced wholesale (its file deleted or replaced
    /// while running), so that what was read from it before no longer holds.
    var replacements: Int { get }
}

extension FavoritesStore {
    /// For stores whose contents are never replaced.
    package var replacements: Int { 0 }

    /// Defaults for simple stores (tests); the SQLite store answers both with one small query.
    package func ids(install: InstallID) async throws -> Set<String> {
        Set(try await list(install: install).map(\.id))
    }

    package func find(id: String, install: InstallID) async throws -> FavoriteRecord? {
        try await list(install: install).first { $0.id == id }
    }
}

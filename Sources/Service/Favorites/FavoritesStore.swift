import Foundation

/// A favorite as the store keeps it: the GIF as opaque bytes, and when it was added.
public struct FavoriteRecord: Equatable, Sendable {
    public let id: String
    public let snapshot: Data
    public let addedAt: Date

    public init(id: String, snapshot: Data, addedAt: Date) {
        self.id = id
        self.snapshot = snapshot
        self.addedAt = addedAt
    }
}

public enum FavoriteInsertOutcome: Equatable, Sendable {
    case inserted
    /// Nothing changed; carries the record already stored under that id.
    case alreadyPresent(FavoriteRecord)
    /// Nothing changed: `limit` favorites are stored.
    case full
}

/// Where favorites live. `FavoritesService` owns the rules; the store must make
/// `insertIfRoom` atomic (the presence check, the count and the insert as one step).
public protocol FavoritesStore: Sendable {
    /// Newest first; equal times in reverse insertion order.
    func list() async throws -> [FavoriteRecord]
    func count() async throws -> Int
    func contains(id: String) async throws -> Bool
    /// The ids alone, without reading the snapshots (for marking `is_favorite` on pages).
    func ids() async throws -> Set<String>
    /// One favorite, without reading the others.
    func find(id: String) async throws -> FavoriteRecord?
    func insertIfRoom(_ record: FavoriteRecord, limit: Int) async throws -> FavoriteInsertOutcome
    /// False when no favorite had that id.
    func remove(id: String) async throws -> Bool
    /// Goes up each time the store's contents were replaced wholesale (its file deleted or replaced
    /// while running), so that what was read from it before no longer holds.
    var replacements: Int { get }
}

extension FavoritesStore {
    /// For stores whose contents are never replaced.
    public var replacements: Int { 0 }

    /// Defaults for simple stores (tests); the SQLite store answers both with one small query.
    public func ids() async throws -> Set<String> {
        Set(try await list().map(\.id))
    }

    public func find(id: String) async throws -> FavoriteRecord? {
        try await list().first { $0.id == id }
    }
}

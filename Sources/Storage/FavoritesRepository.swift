import Foundation
import SQLite

/// The `favorite` table. Knows nothing of what a snapshot contains.
public struct FavoritesRepository: Sendable {
    private let database: DatabaseActor

    public init(database: DatabaseActor) {
        self.database = database
    }

    /// All favorites, newest first; favorites added at the same time, last inserted first.
    public func list() async throws -> [StoredFavorite] {
        try await database.read { database in
            try database.query("""
                SELECT gif_id, snapshot, added_at FROM favorite ORDER BY added_at DESC, seq DESC
                """).map(Self.favorite(from:))
        }
    }

    /// Just the ids, without reading the snapshots.
    public func ids() async throws -> Set<String> {
        try await database.read { database in
            Set(try database.query("SELECT gif_id FROM favorite").map { try $0.text(at: 0) })
        }
    }

    public func count() async throws -> Int {
        try await database.read { database in try Self.count(in: database) }
    }

    public func contains(id: String) async throws -> Bool {
        try await database.read { database in
            try database.queryFirst("SELECT EXISTS (SELECT 1 FROM favorite WHERE gif_id = ?)", [.text(id)])?.int(at: 0) == 1
        }
    }

    public func find(id: String) async throws -> StoredFavorite? {
        try await database.read { database in try Self.find(id: id, in: database) }
    }

    /// Adds the favorite unless its id is already there. No limit.
    public func add(_ favorite: StoredFavorite) async throws -> FavoriteInsertion {
        try await database.write { database in
            try Self.insert(favorite, limit: nil, in: database)
        }
    }

    /// Adds the favorite if its id is new and fewer than `limit` are stored. The check and
    /// the insert are one BEGIN IMMEDIATE transaction, so concurrent callers, even on
    /// other connections or processes, can never take the count past `limit`.
    public func insertIfRoom(_ favorite: StoredFavorite, limit: Int) async throws -> FavoriteInsertion {
        try await database.write { database in
            try Self.insert(favorite, limit: limit, in: database)
        }
    }

    /// Removes the favorite; false when it was not there.
    public func remove(id: String) async throws -> Bool {
        try await database.write { database in
            try database.execute("DELETE FROM favorite WHERE gif_id = ?", [.text(id)])
            return database.changes > 0
        }
    }

    // MARK: Inside a connection

    private static func insert(_ favorite: StoredFavorite, limit: Int?, in database: Database) throws -> FavoriteInsertion {
        if let existing = try find(id: favorite.id, in: database) {
            return .alreadyPresent(existing)
        }
        if let limit, try count(in: database) >= limit {
            return .full
        }
        try database.execute(
            "INSERT INTO favorite (gif_id, snapshot, added_at) VALUES (?, ?, ?)",
            [.text(favorite.id), .blob(favorite.snapshot), .integer(Milliseconds.from(favorite.addedAt))]
        )
        return .inserted
    }

    private static func find(id: String, in database: Database) throws -> StoredFavorite? {
        try database.queryFirst(
            "SELECT gif_id, snapshot, added_at FROM favorite WHERE gif_id = ?", [.text(id)]
        ).map(favorite(from:))
    }

    private static func count(in database: Database) throws -> Int {
        guard let row = try database.queryFirst("SELECT count(*) FROM favorite") else { return 0 }
        return try row.int(at: 0)
    }

    private static func favorite(from row: Row) throws -> StoredFavorite {
        StoredFavorite(
            id: try row.text(at: 0),
            snapshot: try row.blob(at: 1),
            addedAt: Milliseconds.date(try row.integer(at: 2))
        )
    }
}

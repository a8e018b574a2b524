import Foundation
import Service
import SQLite

/// The `favorite` table, as Service's `FavoritesStore`. Knows nothing of what a snapshot contains.
public struct FavoritesRepository: FavoritesStore {
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
    }

    /// The database file was deleted or replaced while running, and a new one opened.
    public var replacements: Int { database.replacements }

    /// All favorites, newest first; favorites added at the same time, last inserted first.
    public func list() async throws -> [FavoriteRecord] {
        try await database.storeRead { database in
            try database.query("""
                SELECT gif_id, snapshot, added_at FROM favorite ORDER BY added_at DESC, seq DESC
                """).map(Self.record(from:))
        }
    }

    /// Just the ids, without reading the snapshots.
    public func ids() async throws -> Set<String> {
        try await database.storeRead { database in
            Set(try database.query("SELECT gif_id FROM favorite").map { try $0.text(at: 0) })
        }
    }

    public func count() async throws -> Int {
        try await database.storeRead { database in try Self.count(in: database) }
    }

    public func contains(id: String) async throws -> Bool {
        try await database.storeRead { database in
            try database.queryFirst("SELECT EXISTS (SELECT 1 FROM favorite WHERE gif_id = ?)", [.text(id)])?.int(at: 0) == 1
        }
    }

    public func find(id: String) async throws -> FavoriteRecord? {
        try await database.storeRead { database in try Self.find(id: id, in: database) }
    }

    /// Adds the favorite if its id is new and fewer than `limit` are stored. The check and
    /// the insert are one BEGIN IMMEDIATE transaction, so concurrent callers, even on
    /// other connections or processes, can never take the count past `limit`.
    public func insertIfRoom(_ record: FavoriteRecord, limit: Int) async throws -> FavoriteInsertOutcome {
        try await database.storeWrite { database in
            if let existing = try Self.find(id: record.id, in: database) {
                return .alreadyPresent(existing)
            }
            if try Self.count(in: database) >= limit {
                return .full
            }
            try database.execute(
                "INSERT INTO favorite (gif_id, snapshot, added_at) VALUES (?, ?, ?)",
                [.text(record.id), .blob(record.snapshot), .integer(Milliseconds.from(record.addedAt))]
            )
            return .inserted
        }
    }

    /// Removes the favorite; false when it was not there.
    public func remove(id: String) async throws -> Bool {
        try await database.storeWrite { database in
            try database.execute("DELETE FROM favorite WHERE gif_id = ?", [.text(id)])
            return database.changes > 0
        }
    }

    // MARK: Inside a connection

    private static func find(id: String, in database: Database) throws -> FavoriteRecord? {
        try database.queryFirst(
            "SELECT gif_id, snapshot, added_at FROM favorite WHERE gif_id = ?", [.text(id)]
        ).map(record(from:))
    }

    private static func count(in database: Database) throws -> Int {
        guard let row = try database.queryFirst("SELECT count(*) FROM favorite") else { return 0 }
        return try row.int(at: 0)
    }

    private static func record(from row: Row) throws -> FavoriteRecord {
        FavoriteRecord(
            id: try row.text(at: 0),
            snapshot: try row.blob(at: 1),
            addedAt: Milliseconds.date(try row.integer(at: 2))
        )
    }
}

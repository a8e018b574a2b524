import Foundation
import Service
import SQLite

/// The `favorite` table, as Service's `FavoritesStore`: every row under its install. Knows nothing
/// of what a snapshot contains.
public struct FavoritesRepository: FavoritesStore {
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
    }

    /// The database file was deleted or replaced while running, and a new one opened.
    public var replacements: Int { database.replacements }

    /// The install's favorites, newest first; favorites added at the same time, last inserted first.
    public func list(install: InstallID) async throws -> [FavoriteRecord] {
        try await database.storeRead { database in
            try database.query("""
                SELECT gif_id, snapshot, added_at FROM favorite WHERE install_id = ? ORDER BY added_at DESC, seq DESC
                """, [.text(install.rawValue)]).map(Self.record(from:))
        }
    }

    /// Just the ids, without reading the snapshots.
    public func ids(install: InstallID) async throws -> Set<String> {
        try await database.storeRead { database in
            Set(try database.query("SELECT gif_id FROM favorite WHERE install_id = ?", [.text(install.rawValue)]).map { try $0.text(at: 0) })
        }
    }

    public func count(install: InstallID) async throws -> Int {
        try await database.storeRead { database in try Self.count(install, in: database) }
    }

    public func totalCount() async throws -> Int {
        try await database.storeRead { database in
            try database.queryFirst("SELECT count(*) FROM favorite")?.int(at: 0) ?? 0
        }
    }

    public func contains(id: String, install: InstallID) async throws -> Bool {
        try await database.storeRead { database in
            try database.queryFirst("SELECT EXISTS (SELECT 1 FROM favorite WHERE install_id = ? AND gif_id = ?)",
                                    [.text(install.rawValue), .text(id)])?.int(at: 0) == 1
        }
    }

    public func find(id: String, install: InstallID) async throws -> FavoriteRecord? {
        try await database.storeRead { database in try Self.find(id: id, install: install, in: database) }
    }

    /// Adds the favorite if the install exists, the id is new to it and fewer than `limit` are
    /// stored for it. The checks and the insert are one BEGIN IMMEDIATE transaction, so concurrent
    /// callers, even on other connections or processes, can never take an install past `limit`.
    public func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome {
        try await database.storeWrite { database in
            guard try InstallRepository.exists(install, in: database) else { return .noSuchInstall }
            if let existing = try Self.find(id: record.id, install: install, in: database) {
                return .alreadyPresent(existing)
            }
            if try Self.count(install, in: database) >= limit {
                return .full
            }
            try database.execute(
                "INSERT INTO favorite (install_id, gif_id, snapshot, added_at) VALUES (?, ?, ?, ?)",
                [.text(install.rawValue), .text(record.id), .blob(record.snapshot), .integer(Milliseconds.from(record.addedAt))]
            )
            return .inserted
        }
    }

    /// Removes the install's favorite; false when it was not there.
    public func remove(id: String, install: InstallID) async throws -> Bool {
        try await database.storeWrite { database in
            try database.execute("DELETE FROM favorite WHERE install_id = ? AND gif_id = ?", [.text(install.rawValue), .text(id)])
            return database.changes > 0
        }
    }

    // MARK: Inside a connection

    private static func find(id: String, install: InstallID, in database: Database) throws -> FavoriteRecord? {
        try database.queryFirst(
            "SELECT gif_id, snapshot, added_at FROM favorite WHERE install_id = ? AND gif_id = ?", [.text(install.rawValue), .text(id)]
        ).map(record(from:))
    }

    private static func count(_ install: InstallID, in database: Database) throws -> Int {
        guard let row = try database.queryFirst("SELECT count(*) FROM favorite WHERE install_id = ?", [.text(install.rawValue)]) else {
            return 0
        }
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

import Foundation
import Service
import Model

/// The `favorite` table, as Service's `FavoritesStore`: every row under its install. Knows nothing
/// of what a snapshot contains. On PostgreSQL every change is announced in its transaction, so
/// every instance reads the install's favorites again (`replacements`).
protocol FavoritesRepository: Repository, FavoritesStore {}

extension FavoritesRepository {
    var replacements: Int { database.favoriteReplacements }

    /// The install's favorites, newest first; favorites added at the same time, last inserted first.
    func list(install: InstallID) async throws -> [FavoriteRecord] {
        try await database.storeRead { connection in
            try connection.query("""
                SELECT gif_id, snapshot, added_at FROM favorite WHERE install_id = \(install.rawValue) ORDER BY added_at DESC, seq DESC
                """).map { try Self.record(from: $0) }
        }
    }

    /// Just the ids, without reading the snapshots.
    func ids(install: InstallID) async throws -> Set<String> {
        try await database.storeRead { connection in
            Set(try connection.query("SELECT gif_id FROM favorite WHERE install_id = \(install.rawValue)").map { try $0.text(at: 0) })
        }
    }

    func totalCount() async throws -> Int {
        try await database.storeRead { connection in try connection.queryFirst("SELECT count(*) FROM favorite")?.int(at: 0) ?? 0 }
    }

    func find(id: String, install: InstallID) async throws -> FavoriteRecord? {
        try await database.storeRead { connection in try Self.find(id: id, install: install, in: connection) }
    }

    /// Adds the favorite if the install exists, the id is new to it and fewer than `limit` are
    /// stored for it. The install is locked first (`lockInstall`), so racing adds, from any
    /// connection or instance, check and insert one after another and never take it past `limit`.
    func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome {
        try await database.storeWrite { connection in
            guard try connection.lockInstall(install) else { return .noSuchInstall }
            if let existing = try Self.find(id: record.id, install: install, in: connection) { return .alreadyPresent(existing) }
            if try Self.count(install, in: connection) >= limit { return .full }
            try connection.execute("""
                INSERT INTO favorite (install_id, gif_id, snapshot, added_at)
                VALUES (\(install.rawValue), \(record.id), \(record.snapshot), \(record.addedAt))
                """)
            try connection.announce(.favorites, of: install)
            return .inserted
        }
    }

    /// Removes the install's favorite; false when it was not there.
    func remove(id: String, install: InstallID) async throws -> Bool {
        try await database.storeWrite { connection in
            let removed = try connection.execute("DELETE FROM favorite WHERE install_id = \(install.rawValue) AND gif_id = \(id)") > 0
            if removed { try connection.announce(.favorites, of: install) }
            return removed
        }
    }

    // MARK: Inside a connection

    private static func find(id: String, install: InstallID, in connection: some StoreConnection) throws -> FavoriteRecord? {
        try connection.queryFirst("""
            SELECT gif_id, snapshot, added_at FROM favorite WHERE install_id = \(install.rawValue) AND gif_id = \(id)
            """).map { try record(from: $0) }
    }

    private static func count(_ install: InstallID, in connection: some StoreConnection) throws -> Int {
        try connection.queryFirst("SELECT count(*) FROM favorite WHERE install_id = \(install.rawValue)")?.int(at: 0) ?? 0
    }

    private static func record(from row: some SQLRow) throws -> FavoriteRecord {
        FavoriteRecord(id: try row.text(at: 0), snapshot: try row.bytes(at: 1), addedAt: try row.date(at: 2))
    }
}

import Foundation
import PostgreSQL
import Service

/// The `favorite` table in PostgreSQL, as Service's `FavoritesStore`, shared by every instance.
/// Each change is announced on `PGSchema.favoritesChannel` in its transaction; `replacements`
/// counts the announcements heard (from any instance, this one included), so an instance's
/// memory of favorites is read again after a change made through another.
public struct PGFavoritesRepository: FavoritesStore {
    private let pool: PGPool
    private let announcements: Announcements

    init(pool: PGPool, announcements: Announcements) {
        self.pool = pool
        self.announcements = announcements
    }

    public var replacements: Int { announcements.heard }

    public func list(install: InstallID) async throws -> [FavoriteRecord] {
        try await pool.storeRead { connection in
            try connection.query("""
                SELECT gif_id, snapshot, added_at FROM favorite WHERE install_id = $1 ORDER BY added_at DESC, seq DESC
                """, [.text(install.rawValue)]).map(Self.record(from:))
        }
    }

    public func ids(install: InstallID) async throws -> Set<String> {
        try await pool.storeRead { connection in
            Set(try connection.query("SELECT gif_id FROM favorite WHERE install_id = $1", [.text(install.rawValue)]).map { try $0.text(at: 0) })
        }
    }

    public func count(install: InstallID) async throws -> Int {
        try await pool.storeRead { connection in try Self.count(install, in: connection) }
    }

    public func totalCount() async throws -> Int {
        try await pool.storeRead { connection in try connection.queryFirst("SELECT count(*) FROM favorite")?.int(at: 0) ?? 0 }
    }

    public func contains(id: String, install: InstallID) async throws -> Bool {
        try await pool.storeRead { connection in
            try connection.queryFirst("SELECT 1 FROM favorite WHERE install_id = $1 AND gif_id = $2",
                                      [.text(install.rawValue), .text(id)]) != nil
        }
    }

    public func find(id: String, install: InstallID) async throws -> FavoriteRecord? {
        try await pool.storeRead { connection in try Self.find(id: id, install: install, in: connection) }
    }

    /// The install's row is locked first (`lockInstall`): racing adds, from any instance, check
    /// and insert one after another, so no install goes past `limit`.
    public func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome {
        try await pool.storeWrite { connection in
            guard try connection.lockInstall(install) else { return .noSuchInstall }
            if let existing = try Self.find(id: record.id, install: install, in: connection) { return .alreadyPresent(existing) }
            if try Self.count(install, in: connection) >= limit { return .full }
            _ = try connection.execute(
                "INSERT INTO favorite (install_id, gif_id, snapshot, added_at) VALUES ($1, $2, $3, $4)",
                [.text(install.rawValue), .text(record.id), .bytes(record.snapshot), .integer(Milliseconds.from(record.addedAt))])
            try connection.announce(on: PGSchema.favoritesChannel, install)
            return .inserted
        }
    }

    public func remove(id: String, install: InstallID) async throws -> Bool {
        try await pool.storeWrite { connection in
            let removed = try connection.execute("DELETE FROM favorite WHERE install_id = $1 AND gif_id = $2",
                                                 [.text(install.rawValue), .text(id)]) > 0
            if removed { try connection.announce(on: PGSchema.favoritesChannel, install) }
            return removed
        }
    }

    // MARK: Inside a connection

    private static func find(id: String, install: InstallID, in connection: PGConnection) throws -> FavoriteRecord? {
        try connection.queryFirst("SELECT gif_id, snapshot, added_at FROM favorite WHERE install_id = $1 AND gif_id = $2",
                                  [.text(install.rawValue), .text(id)]).map(record(from:))
    }

    private static func count(_ install: InstallID, in connection: PGConnection) throws -> Int {
        try connection.queryFirst("SELECT count(*) FROM favorite WHERE install_id = $1", [.text(install.rawValue)])?.int(at: 0) ?? 0
    }

    private static func record(from row: PGRow) throws -> FavoriteRecord {
        FavoriteRecord(id: try row.text(at: 0), snapshot: try row.bytes(at: 1), addedAt: Milliseconds.date(try row.int64(at: 2)))
    }
}

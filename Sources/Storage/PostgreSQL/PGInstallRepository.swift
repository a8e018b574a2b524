import Foundation
import PostgreSQL
import Service

/// The `install` table in PostgreSQL, as Service's `InstallStore`. Deleting an install deletes
/// its rows everywhere (ON DELETE CASCADE) and announces it, so every instance forgets its favorites.
public struct PGInstallRepository: InstallStore {
    private let pool: PGPool
    private let deletions: Announcements

    init(pool: PGPool, deletions: Announcements) {
        self.pool = pool
        self.deletions = deletions
    }

    /// Deletions heard announced, this instance's own among them (its tokens' hashes are then
    /// read again once: harmless).
    public var deletionsElsewhere: Int { deletions.heard }

    public func create(_ install: InstallRecord) async throws {
        try await pool.storeWrite { connection in
            _ = try connection.execute("INSERT INTO install (install_id, token_hash, created_at) VALUES ($1, $2, $3)",
                                       [.text(install.id.rawValue), install.tokenHash.map { .bytes(Data($0)) } ?? .null,
                                        .integer(Milliseconds.from(install.createdAt))])
        }
    }

    public func find(_ install: InstallID) async throws -> InstallRecord? {
        try await pool.storeRead { connection in
            try connection.queryFirst("SELECT token_hash, created_at FROM install WHERE install_id = $1", [.text(install.rawValue)])
                .map { row in
                    let hash = row.isNull(at: 0) ? nil : Array(try row.bytes(at: 0))
                    return InstallRecord(id: install, tokenHash: hash, createdAt: Milliseconds.date(try row.int64(at: 1)))
                }
        }
    }

    public func delete(_ install: InstallID) async throws -> Bool {
        try await pool.storeWrite { connection in
            let deleted = try connection.execute("DELETE FROM install WHERE install_id = $1", [.text(install.rawValue)]) > 0
            if deleted {
                try connection.announce(on: PGSchema.favoritesChannel, install)
                try connection.announce(on: PGSchema.installsChannel, install)
            }
            return deleted
        }
    }

    public func count() async throws -> Int {
        try await pool.storeRead { connection in
            try connection.queryFirst("SELECT count(*) FROM install WHERE install_id <> 'local'")?.int(at: 0) ?? 0
        }
    }
}

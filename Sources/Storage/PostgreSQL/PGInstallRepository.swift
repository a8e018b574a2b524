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
            _ = try connection.execute("INSERT INTO install (install_id, token_hash, created_at, last_used) VALUES ($1, $2, $3, $4)",
                                       [.text(install.id.rawValue), install.tokenHash.map { .bytes(Data($0)) } ?? .null,
                                        .integer(Milliseconds.from(install.createdAt)), .integer(Milliseconds.from(install.lastUsed))])
        }
    }

    public func find(_ install: InstallID) async throws -> InstallRecord? {
        try await pool.storeRead { connection in
            try connection.queryFirst("SELECT token_hash, created_at, last_used FROM install WHERE install_id = $1",
                                      [.text(install.rawValue)])
                .map { row in
                    let hash = row.isNull(at: 0) ? nil : Array(try row.bytes(at: 0))
                    return InstallRecord(id: install, tokenHash: hash, createdAt: Milliseconds.date(try row.int64(at: 1)),
                                         lastUsed: Milliseconds.date(try row.int64(at: 2)))
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

    /// The rows are locked in id order, so two instances writing overlapping batches never
    /// deadlock; the ids go as one comma list (install ids hold no comma), so the statement is one.
    public func recordUse(_ installs: [InstallID], at date: Date) async throws {
        guard !installs.isEmpty else { return }
        let ids = installs.map(\.rawValue).joined(separator: ",")
        try await pool.storeWrite { connection in
            _ = try connection.execute("""
                UPDATE install SET last_used = GREATEST(last_used, $1) WHERE install_id IN (
                    SELECT install_id FROM install WHERE install_id = ANY (string_to_array($2, ','))
                    ORDER BY install_id FOR UPDATE)
                """, [.integer(Milliseconds.from(date)), .text(ids)])
        }
    }

    /// Rows another transaction holds (an install being written to, or another instance's sweep)
    /// are skipped, left for the next sweep. The deletions are announced once, as `delete`'s are.
    public func deleteUnused(before date: Date, limit: Int) async throws -> [InstallID] {
        try await pool.storeWrite { connection in
            // Chosen once (MATERIALIZED): a subquery in the WHERE may be run again, past its LIMIT.
            let ids = try connection.query("""
                WITH chosen AS MATERIALIZED (
                    SELECT install_id FROM install WHERE last_used < $1 AND install_id <> 'local'
                    LIMIT $2 FOR UPDATE SKIP LOCKED)
                DELETE FROM install USING chosen WHERE install.install_id = chosen.install_id
                RETURNING install.install_id
                """, [.integer(Milliseconds.from(date)), .int(max(0, limit))]).map { try $0.text(at: 0) }
            // A row whose id is no install id (written by hand) is deleted all the same, not named:
            // no token opens it, so no instance holds it.
            let deleted = ids.compactMap { InstallID($0) }
            if let first = deleted.first {
                try connection.announce(on: PGSchema.favoritesChannel, first)
                try connection.announce(on: PGSchema.installsChannel, first)
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

import Foundation
import Service

/// The `install` table, as Service's `InstallStore`: each install with the SHA-256 of its token's
/// secret (never the token) and when it was last used. Deleting an install deletes its favorites,
/// history and identities with it: their rows reference it ON DELETE CASCADE (SQLite's
/// connection enables foreign keys); on PostgreSQL the deletion is announced, so every instance
/// forgets its favorites and stops accepting its token.
protocol InstallRepository: Repository, InstallStore {}

extension InstallRepository {
    var deletionsElsewhere: Int { database.installDeletionsElsewhere }

    func create(_ install: InstallRecord) async throws {
        try await database.storeWrite { connection in
            try connection.execute("""
                INSERT INTO install (install_id, token_hash, created_at, last_used)
                VALUES (\(install.id.rawValue), \(install.tokenHash.map { Data($0) }), \(install.createdAt), \(install.lastUsed))
                """)
        }
    }

    func find(_ install: InstallID) async throws -> InstallRecord? {
        try await database.storeRead { connection in
            try connection.queryFirst("SELECT token_hash, created_at, last_used FROM install WHERE install_id = \(install.rawValue)")
                .map { row in
                    InstallRecord(id: install, tokenHash: try row.optionalBytes(at: 0).map(Array.init),
                                  createdAt: try row.date(at: 1), lastUsed: try row.date(at: 2))
                }
        }
    }

    func delete(_ install: InstallID) async throws -> Bool {
        try await database.storeWrite { connection in
            let deleted = try connection.execute("DELETE FROM install WHERE install_id = \(install.rawValue)") > 0
            if deleted { try Self.announceDeletion(of: install, in: connection) }
            return deleted
        }
    }

    func recordUse(_ installs: [InstallID], at date: Date) async throws {
        guard !installs.isEmpty else { return }
        try await database.storeWrite { connection in
            switch Database.Connection.Dialect.engine {
            case .sqlite:
                // A statement per install: SQLite runs in this process (no round trips), and its
                // write transaction holds the whole file.
                for install in installs {
                    try connection.execute("UPDATE install SET last_used = max(last_used, \(date)) WHERE install_id = \(install.rawValue)")
                }
            case .postgreSQL:
                // One statement for the batch (a round trip each would cost), its rows locked in id
                // order, so two instances writing overlapping batches never deadlock. The ids go as
                // one comma list (install ids hold no comma), so the statement's text is one.
                let ids = installs.map(\.rawValue).joined(separator: ",")
                try connection.execute("""
                    UPDATE install SET last_used = GREATEST(last_used, \(date)) WHERE install_id IN (
                        SELECT install_id FROM install WHERE install_id = ANY (string_to_array(\(ids), ','))
                        ORDER BY install_id FOR UPDATE)
                    """)
            }
        }
    }

    /// Rows another transaction holds (PostgreSQL: an install being written to, or another
    /// instance's sweep) are skipped, left for the next sweep. The deletions are announced once.
    func deleteUnused(before date: Date, limit: Int) async throws -> [InstallID] {
        try await database.storeWrite { connection in
            // Chosen once (MATERIALIZED): a subquery in the WHERE may be run again, past its LIMIT.
            let ids = try connection.query("""
                WITH chosen AS MATERIALIZED (
                    SELECT install_id FROM install WHERE last_used < \(date) AND install_id <> 'local'
                    LIMIT \(max(0, limit)) \(.forUpdateSkipLocked))
                DELETE FROM install WHERE install_id IN (SELECT install_id FROM chosen)
                RETURNING install_id
                """).map { try $0.text(at: 0) }
            // A row whose id is no install id (written by hand) is deleted all the same, not named:
            // no token opens it, so no instance holds it.
            let deleted = ids.compactMap { InstallID($0) }
            if let first = deleted.first { try Self.announceDeletion(of: first, in: connection) }
            return deleted
        }
    }

    func count() async throws -> Int {
        try await database.storeRead { connection in
            try connection.queryFirst("SELECT count(*) FROM install WHERE install_id <> 'local'")?.int(at: 0) ?? 0
        }
    }

    /// Every instance forgets what it kept of the install: its favorites, then the install.
    private static func announceDeletion(of install: InstallID, in connection: some StoreConnection) throws {
        try connection.announce(.favorites, of: install)
        try connection.announce(.installDeleted, of: install)
    }
}

extension StoreConnection {
    /// Inside a write, before adding rows for `install`: true when it exists, its row then
    /// locked until the transaction ends, so writes of one install, from any instance, run one
    /// after another (the favorites' cap stays exact) while other installs' go on.
    func lockInstall(_ install: InstallID) throws -> Bool {
        try queryFirst("SELECT 1 FROM install WHERE install_id = \(install.rawValue) \(.forUpdate)") != nil
    }
}

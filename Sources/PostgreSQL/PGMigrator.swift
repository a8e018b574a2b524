/// One step of a PostgreSQL schema, numbered from 1.
package struct PGMigration: Sendable {
    package let version: Int
    package let sql: String

    package init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}

/// Brings a database up to the latest schema, recorded in `schema_version`. Every instance of a
/// fleet may start at once: an advisory lock lets one migrate while the others wait, then they
/// find nothing left to do. Each step runs in one transaction with its version, so a failed step
/// leaves the database at the one before. A database newer than this program is refused.
package struct PGMigrator: Sendable {
    /// Arbitrary, fixed: the advisory lock all gif-bff instances take to migrate.
    static let lockKey: Int64 = 0x6769_662D_6266_6600

    package let migrations: [PGMigration]

    package init(_ migrations: [PGMigration]) {
        self.migrations = migrations
    }

    package var latestVersion: Int { migrations.map(\.version).max() ?? 0 }

    package struct TooNew: Error, Equatable, Sendable {
        package let found: Int
        package let latestKnown: Int

        package init(found: Int, latestKnown: Int) {
            self.found = found
            self.latestKnown = latestKnown
        }
    }

    package func migrate(_ connection: PGConnection) throws {
        try connection.query("SELECT pg_advisory_lock($1)", [.integer(Self.lockKey)])
        defer { _ = try? connection.query("SELECT pg_advisory_unlock($1)", [.integer(Self.lockKey)]) }
        try connection.executeScript("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        let found = try connection.queryFirst("SELECT COALESCE(MAX(version), 0) FROM schema_version")?.int(at: 0) ?? 0
        guard found <= latestVersion else { throw TooNew(found: found, latestKnown: latestVersion) }
        for migration in migrations.sorted(by: { $0.version < $1.version }) where migration.version > found {
            try connection.transaction { connection in
                try connection.executeScript(migration.sql)
                try connection.execute("INSERT INTO schema_version (version) VALUES ($1)", [.int(migration.version)])
            }
        }
    }

    /// The version the database is at.
    package static func version(of connection: PGConnection) throws -> Int {
        try connection.executeScript("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        return try connection.queryFirst("SELECT COALESCE(MAX(version), 0) FROM schema_version")?.int(at: 0) ?? 0
    }
}

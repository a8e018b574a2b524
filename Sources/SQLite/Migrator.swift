/// One step of the schema, numbered from 1. Steps only go forward.
package struct Migration: Sendable {
    package let version: Int
    package let migrate: @Sendable (Database) throws -> Void

    package init(version: Int, migrate: @escaping @Sendable (Database) throws -> Void) {
        self.version = version
        self.migrate = migrate
    }

    /// A step that is plain SQL.
    package init(version: Int, sql: String) {
        self.init(version: version) { database in try database.executeScript(sql) }
    }
}

/// The database's schema version (PRAGMA user_version) is newer than this program knows.
package struct SchemaTooNewError: Error, Equatable, Sendable, CustomStringConvertible {
    package let found: Int
    package let latestKnown: Int

    package var description: String {
        "schema version \(found) is newer than this program's \(latestKnown)"
    }
}

/// Brings a database up to the latest schema, recorded in PRAGMA user_version. Every step the
/// database lacks runs in one write transaction together with the version bump: a step that
/// fails leaves the database exactly as it was, at its old version, so the program that made it
/// still opens it; and two processes starting together cannot both apply the same step.
package struct Migrator: Sendable {
    package let migrations: [Migration]

    /// `migrations` must be numbered 1, 2, 3, ... in order: a programming error otherwise.
    package init(_ migrations: [Migration]) {
        precondition(
            migrations.map(\.version) == Array(stride(from: 1, through: migrations.count, by: 1)),
            "migrations must be numbered 1, 2, 3, ... in order"
        )
        self.migrations = migrations
    }

    package var latestVersion: Int { migrations.count }

    /// Applies the steps the database has not had yet, all or none.
    /// Throws `SchemaTooNewError` for a database from a newer program, else `SQLiteError`.
    package func migrate(_ database: Database) throws {
        let found = try database.userVersion()
        try checkNotNewer(found)
        guard found < latestVersion else { return }
        try database.writeTransaction {
            // Read again under the write lock: another process may have migrated meanwhile.
            let current = try database.userVersion()
            try checkNotNewer(current)
            guard current < latestVersion else { return }
            for migration in migrations where migration.version > current {
                try migration.migrate(database)
            }
            try database.setUserVersion(latestVersion)
        }
    }

    private func checkNotNewer(_ version: Int) throws(SchemaTooNewError) {
        guard version <= latestVersion else {
            throw SchemaTooNewError(found: version, latestKnown: latestVersion)
        }
    }
}

extension Database {
    package func userVersion() throws(SQLiteError) -> Int {
        guard let row = try queryFirst("PRAGMA user_version") else {
            throw .mismatch("PRAGMA user_version returned no row", sql: "PRAGMA user_version")
        }
        return try row.int(at: 0)
    }

    /// PRAGMA takes no bound parameters; an Int is safe to interpolate. Run as a script: each
    /// version's text is used once, not worth a place in the statement cache.
    package func setUserVersion(_ version: Int) throws(SQLiteError) {
        try executeScript("PRAGMA user_version = \(version)")
    }
}

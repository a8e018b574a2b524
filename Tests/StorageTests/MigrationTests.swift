import Foundation
import Model
import SQLite
import Service
import Storage
import TestSupport
import XCTest

final class MigrationTests: XCTestCase {
    func testFreshDatabaseGetsTheLatestSchema() async throws {
        let path = try makeDatabasePath()
        _ = try AppDatabase.open(path: path)
        let database = try Database(path: path)
        XCTAssertEqual(try database.userVersion(), Schema.migrator.latestVersion)
        XCTAssertEqual(Schema.migrator.latestVersion, 13)
    }

    func testVersion1DatabaseIsMigratedKeepingItsFavorites() async throws {
        let path = try makeDatabasePath()
        do {
            // A database as version 1 of gif-bff left it.
            let old = try Database(path: path)
            try old.executeScript("""
                CREATE TABLE favorite (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    gif_id TEXT NOT NULL UNIQUE,
                    snapshot BLOB NOT NULL,
                    added_at INTEGER NOT NULL
                );
                CREATE INDEX favorite_newest_first ON favorite (added_at DESC, seq DESC);
                INSERT INTO favorite (gif_id, snapshot, added_at) VALUES ('old1', X'7B7D', 1000);
                INSERT INTO favorite (gif_id, snapshot, added_at) VALUES ('old2', X'7B7D', 2000);
                PRAGMA user_version = 1;
                """)
        }

        let database = try AppDatabase.open(path: path)
        let version = try await database.read { try $0.userVersion() }
        XCTAssertEqual(version, Schema.migrator.latestVersion)
        let tables = try await database.read { database in
            try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map { try $0.text(at: 0) }
        }
        for table in ["favorite", "search_history", "response_cache", "spotlight", "upstream_call", "install_identity"] {
            XCTAssertTrue(tables.contains(table), "\(table) missing after migration")
        }

        let favorites = Stores(database: database).favorites
        let ids = try await favorites.list(install: .local).map(\.id)
        XCTAssertEqual(ids, ["old2", "old1"])
        let old = try await favorites.find(id: "old1", install: .local)
        XCTAssertEqual(old?.snapshot, Data("{}".utf8))
        XCTAssertEqual(old?.addedAt, Date(timeIntervalSince1970: 1))

        let history = Stores(database: database).searchHistory
        try await history.record("cats", at: Date(), keepingNewest: 5, install: .local)
        let queries = try await history.list(containing: nil, install: .local).map(\.query)
        XCTAssertEqual(queries, ["cats"], "version 2's table exists")
    }

    /// Version 13 rebuilds the history as one B-tree keyed by install and query (WITHOUT ROWID, no
    /// index by `seq`), so a recorded search writes one page: every row of a version 12 database
    /// is copied as it was, and the history reads, records, trims and goes with its install as before.
    func testVersion12HistoryIsRebuiltAsOneTreeKeepingEveryRow() async throws {
        let path = try makeDatabasePath()
        let fixture = try SchemaFixture.load(version: 12, into: path)
        let other = String(repeating: "b", count: 32)
        let rowsSQL = "SELECT install_id, query_key, query, searched_at, seq FROM search_history ORDER BY install_id, query_key"
        @Sendable func rows(_ database: Database) throws -> [String] {
            try database.query(rowsSQL).map { row in
                "\(try row.text(at: 0)) \(try row.text(at: 1)) \(try row.text(at: 2)) \(try row.integer(at: 3)) \(try row.integer(at: 4))"
            }
        }
        let before: [String]
        do {
            let old = try Database(path: path)
            try old.execute("INSERT INTO install (install_id, token_hash, created_at) VALUES (?, X'07', 1000)", [.text(other)])
            try old.execute("INSERT INTO search_history VALUES (?, 'owls', 'Owls', 5000, 3), (?, 'cats', 'cats', 4000, 9)",
                            [.text(other), .text(other)])
            before = try rows(old)
        }
        XCTAssertGreaterThanOrEqual(before.count, 4)

        let database = try AppDatabase.open(path: path)
        let (after, trees, sql) = try await database.read { database in
            (try rows(database),
             try database.query("SELECT name FROM sqlite_master WHERE tbl_name = 'search_history' ORDER BY name").map { try $0.text(at: 0) },
             try database.queryFirst("SELECT sql FROM sqlite_master WHERE name = 'search_history'")?.text(at: 0))
        }
        XCTAssertEqual(after, before, "every row as it was")
        XCTAssertEqual(trees, ["search_history"], "no index beside the table")
        let definition = try XCTUnwrap(sql)
        XCTAssertTrue(definition.hasSuffix("WITHOUT ROWID"), definition)

        let stores = Stores(database: database)
        let local = try await stores.searchHistory.list(containing: nil, install: .local).map(\.query)
        XCTAssertEqual(local, fixture.history, "newest first, as before")
        let owner = try XCTUnwrap(InstallID(other))
        for query in ["a", "b", "Cats"] {
            try await stores.searchHistory.record(query, at: Date(timeIntervalSince1970: 6), keepingNewest: 3, install: owner)
        }
        let listed = try await stores.searchHistory.list(containing: nil, install: owner).map(\.query)
        XCTAssertEqual(listed, ["Cats", "b", "a"], "recorded newest first, trimmed to 3, one entry per query ignoring case")
        let deleted = try await stores.installs.delete(owner)
        XCTAssertTrue(deleted)
        let left = try await database.read { try $0.queryFirst("SELECT count(*) FROM search_history WHERE install_id = ?", [.text(other)])?.int(at: 0) }
        XCTAssertEqual(left, 0, "the history goes with its install")
    }

    func testOpeningTwiceDoesNotReapplyMigrations() throws {
        let path = try makeDatabasePath()
        _ = try AppDatabase.open(path: path)
        XCTAssertNoThrow(try AppDatabase.open(path: path))
    }

    /// All or none: step 1 went through before step 2 failed, and is rolled back with it, so the
    /// database stays at the version its program knows.
    func testFailedStepLeavesTheDatabaseAsItWas() throws {
        let database = try Database(path: try makeDatabasePath())
        try Migrator([Migration(version: 1, sql: "CREATE TABLE one (x)")]).migrate(database)
        try database.execute("INSERT INTO one VALUES (7)")
        let migrator = Migrator([
            Migration(version: 1, sql: "CREATE TABLE one (x)"),
            Migration(version: 2, sql: "CREATE TABLE two (x)"),
            Migration(version: 3, sql: "CREATE TABLE three (x); INSERT INTO missing VALUES (1)"),
        ])
        XCTAssertThrowsError(try migrator.migrate(database)) { error in
            XCTAssertEqual((error as? SQLiteError)?.sql, "CREATE TABLE three (x); INSERT INTO missing VALUES (1)")
        }
        XCTAssertEqual(try database.userVersion(), 1)
        let tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.text(at: 0) }
        XCTAssertEqual(tables, ["one"], "steps 2 and 3 were rolled back entirely")
        XCTAssertEqual(try database.queryFirst("SELECT x FROM one")?.int(at: 0), 7)
        XCTAssertFalse(database.isInTransaction)
    }

    func testDatabaseFromANewerProgramIsRefused() throws {
        let path = try makeDatabasePath()
        do {
            let database = try Database(path: path)
            try database.setUserVersion(99)
        }
        XCTAssertThrowsError(try AppDatabase.open(path: path)) { error in
            XCTAssertEqual(error as? StorageOpenError, .schemaTooNew(path: path, found: 99, latestKnown: Schema.migrator.latestVersion))
        }
        let database = try Database(path: path)
        XCTAssertEqual(try database.userVersion(), 99, "left untouched")
    }
}

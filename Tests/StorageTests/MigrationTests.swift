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
        XCTAssertEqual(Schema.migrator.latestVersion, 12)
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

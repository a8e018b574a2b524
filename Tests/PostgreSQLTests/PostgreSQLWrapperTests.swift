import Foundation
import PostgreSQL
import TestSupport
import XCTest

/// The libpq wrapper against a real PostgreSQL (a throwaway cluster; TestSupport's).
final class PostgreSQLWrapperTests: XCTestCase {
    private func connection() throws -> PGConnection {
        try PGConnection(url: try PostgreSQLCluster.database(for: self))
    }

    func testParametersAndRowsRoundTripTextNumbersBytesAndNull() throws {
        let db = try connection()
        try db.executeScript("CREATE TABLE t (s TEXT, n BIGINT, b BYTEA, f BOOLEAN)")
        let bytes = Data([0, 1, 2, 0xFF, 0x5C, 0x78, 0])
        let inserted = try db.execute("INSERT INTO t VALUES ($1, $2, $3, $4), ($5, $6, $7, $8)",
                                      [.text("héllo 😺 'quoted' \\ \u{1}"), .integer(-9_007_199_254_740_993), .bytes(bytes), .bool(true),
                                       .null, .int(0), .bytes(Data()), .bool(false)])
        XCTAssertEqual(inserted, 2)
        let rows = try db.query("SELECT s, n, b, f FROM t ORDER BY n")
        XCTAssertEqual(try rows[0].text(at: 0), "héllo 😺 'quoted' \\ \u{1}")
        XCTAssertEqual(try rows[0].int64(at: 1), -9_007_199_254_740_993)
        XCTAssertEqual(try rows[0].bytes(at: 2), bytes)
        XCTAssertTrue(try rows[0].bool(at: 3))
        XCTAssertTrue(rows[1].isNull(at: 0))
        XCTAssertEqual(try rows[1].bytes(at: 2), Data())
    }

    func testAStatementIsPreparedOnceAndReused() throws {
        let db = try connection()
        for value in 1...5 { _ = try db.query("SELECT $1::int + 1", [.int(value)]) }
        let prepared = try db.queryFirst("SELECT count(*) FROM pg_prepared_statements WHERE statement = 'SELECT $1::int + 1'")
        XCTAssertEqual(try prepared?.int(at: 0), 1)
    }

    func testAnErrorCarriesItsSQLStateMessageAndStatement() throws {
        let db = try connection()
        try db.executeScript("CREATE TABLE u (id TEXT PRIMARY KEY)")
        try db.execute("INSERT INTO u VALUES ($1)", [.text("a")])
        XCTAssertThrowsError(try db.execute("INSERT INTO u VALUES ($1)", [.text("a")])) { error in
            let error = error as? PostgreSQLError
            XCTAssertEqual(error?.kind, .statement)
            XCTAssertEqual(error?.sqlState, "23505")
            XCTAssertEqual(error?.sql, "INSERT INTO u VALUES ($1)")
            XCTAssertTrue(error?.message.contains("duplicate key") ?? false, "\(String(describing: error))")
        }
        XCTAssertEqual(try db.queryFirst("SELECT 1")?.int(at: 0), 1, "the connection goes on after a refused statement")
    }

    func testATransactionThatThrowsLeavesNothing() throws {
        let db = try connection()
        try db.executeScript("CREATE TABLE v (n INT)")
        struct Abort: Error {}
        XCTAssertThrowsError(try db.transaction { db in
            try db.execute("INSERT INTO v VALUES (1)")
            throw Abort()
        })
        XCTAssertEqual(try db.queryFirst("SELECT count(*) FROM v")?.int(at: 0), 0)
        try db.transaction { db in try db.execute("INSERT INTO v VALUES (2)") }
        XCTAssertEqual(try db.queryFirst("SELECT count(*) FROM v")?.int(at: 0), 1)
    }

    func testTheMigratorAppliesEachStepOnceEvenWhenInstancesRace() async throws {
        let url = try PostgreSQLCluster.database(for: self)
        let migrator = PGMigrator([PGMigration(version: 1, sql: "CREATE TABLE a (x INT)"),
                                   PGMigration(version: 2, sql: "CREATE TABLE b (x INT); INSERT INTO b VALUES (1)")])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { try migrator.migrate(try PGConnection(url: url)) }
            }
            try await group.waitForAll()
        }
        let db = try PGConnection(url: url)
        XCTAssertEqual(try PGMigrator.version(of: db), 2)
        XCTAssertEqual(try db.queryFirst("SELECT count(*) FROM b")?.int(at: 0), 1, "step 2 ran once")
        let older = PGMigrator([PGMigration(version: 1, sql: "CREATE TABLE a (x INT)")])
        XCTAssertThrowsError(try older.migrate(db)) { error in
            XCTAssertEqual(error as? PGMigrator.TooNew, PGMigrator.TooNew(found: 2, latestKnown: 1))
        }
        let failing = PGMigrator(migrator.migrations + [PGMigration(version: 3, sql: "CREATE TABLE c (x INT); SELECT nope")])
        XCTAssertThrowsError(try failing.migrate(db))
        XCTAssertEqual(try PGMigrator.version(of: db), 2, "a failed step leaves the version before")
        XCTAssertNil(try db.queryFirst("SELECT to_regclass('c')")?.optionalText(at: 0), "and nothing of it")
    }

    func testAURLIsCheckedWithoutConnectingAndItsPasswordNeverShown() {
        if case .failure = PostgreSQLURL.parse("mysql://x") {} else { XCTFail("not postgresql") }
        if case .failure = PostgreSQLURL.parse("postgresql://h:notaport/db") {} else { XCTFail("a bad port") }
        guard case .success(let url) = PostgreSQLURL.parse("postgresql://gif:s3cret@db.example:5432/gifs?sslmode=require") else {
            return XCTFail("a good URL")
        }
        XCTAssertEqual(url.redacted, "postgresql://gif:***@db.example:5432/gifs?sslmode=require")
        XCTAssertEqual(PostgreSQLURL.redact("postgres://only@host/db"), "postgres://only@host/db")
    }
}

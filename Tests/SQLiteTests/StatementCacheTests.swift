import Foundation
import SQLite
import TestSupport
import XCTest

/// Each SQL text is prepared once per connection, reset after every use, and dropped when a use fails.
final class StatementCacheTests: XCTestCase {
    private func makeDatabase() throws -> Database {
        let database = try Database(path: try makeDatabasePath())
        try database.execute("CREATE TABLE t (name TEXT UNIQUE NOT NULL)")
        return database
    }

    func testEachSQLTextIsPreparedOnceHoweverOftenItRuns() throws {
        let database = try makeDatabase()
        let before = database.liveStatementCount
        for index in 0..<1_000 {
            try database.execute("INSERT INTO t (name) VALUES (?)", [.text("n\(index)")])
            _ = try database.queryFirst("SELECT count(*) FROM t")
            _ = try database.query("SELECT name FROM t WHERE name = ?", [.text("n\(index)")])
        }
        XCTAssertEqual(database.liveStatementCount, before + 3, "one prepared statement per SQL text")
        XCTAssertEqual(try database.queryFirst("SELECT count(*) FROM t")?.int(at: 0), 1_000)
    }

    /// SQL built from values (none of ours is) must not grow the cache without bound.
    func testSQLTextsBuiltFromValuesDoNotGrowTheCacheWithoutBound() throws {
        let database = try makeDatabase()
        for index in 0..<500 {
            _ = try database.queryFirst("SELECT \(index)")
        }
        XCTAssertLessThanOrEqual(database.liveStatementCount, 64)
    }

    func testStatementsAreResetAfterUse() throws {
        let database = try makeDatabase()
        for name in ["a", "b", "c"] {
            try database.execute("INSERT INTO t (name) VALUES (?)", [.text(name)])
        }
        // Stops after the first of three rows: left unreset, it would keep a read snapshot open.
        XCTAssertEqual(try database.queryFirst("SELECT name FROM t ORDER BY name")?.text(at: 0), "a")
        XCTAssertEqual(database.runningStatementCount, 0)
        XCTAssertEqual(try database.queryFirst("SELECT name FROM t ORDER BY name")?.text(at: 0), "a",
                       "a reused statement starts from the first row again")
        XCTAssertEqual(try database.queryFirst("SELECT name FROM t WHERE name = ?", ["c"])?.text(at: 0), "c")
        XCTAssertNil(try database.queryFirst("SELECT name FROM t WHERE name = ?", ["z"]), "the earlier binding is gone")
    }

    func testAStatementThatFailedIsDroppedNotReused() throws {
        let database = try makeDatabase()
        let insert = "INSERT INTO t (name) VALUES (?)"
        try database.execute(insert, ["a"])
        let withInsertCached = database.liveStatementCount

        XCTAssertThrowsError(try database.execute(insert, ["a"]), "UNIQUE fails in step")
        XCTAssertEqual(database.liveStatementCount, withInsertCached - 1, "finalized after a failed step")
        try database.execute(insert, ["b"])
        XCTAssertEqual(database.liveStatementCount, withInsertCached, "prepared afresh, then cached again")

        XCTAssertThrowsError(try database.execute(insert, []), "wrong argument count fails in bind")
        XCTAssertEqual(database.liveStatementCount, withInsertCached - 1, "finalized after a failed bind")

        XCTAssertThrowsError(try database.execute("SELECT nope FROM t"))
        XCTAssertEqual(database.liveStatementCount, withInsertCached - 1, "nothing kept from a failed prepare")
        XCTAssertEqual(database.runningStatementCount, 0)
        XCTAssertEqual(try database.query("SELECT name FROM t ORDER BY name").map { try $0.text(at: 0) }, ["a", "b"])
    }
}

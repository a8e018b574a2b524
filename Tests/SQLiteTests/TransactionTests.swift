import Foundation
import SQLite
import TestSupport
import XCTest

final class TransactionTests: XCTestCase {
    struct BodyFailed: Error, Equatable {}

    private func makeDatabase(path: String? = nil) throws -> Database {
        let database = try Database(path: try path ?? makeDatabasePath())
        try database.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)")
        return database
    }

    private func count(_ database: Database) throws -> Int {
        try XCTUnwrap(database.queryFirst("SELECT count(*) FROM t")).int(at: 0)
    }

    func testCommitsWhenTheBodyReturns() throws {
        let database = try makeDatabase()
        let result = try database.writeTransaction {
            try database.execute("INSERT INTO t VALUES (1)")
            return "done"
        }
        XCTAssertEqual(result, "done")
        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try count(database), 1)
    }

    func testRollsBackWhenTheBodyThrows() throws {
        let database = try makeDatabase()
        XCTAssertThrowsError(try database.writeTransaction {
            try database.execute("INSERT INTO t VALUES (1)")
            throw BodyFailed()
        }) { error in
            XCTAssertEqual(error as? BodyFailed, BodyFailed())
        }
        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try count(database), 0)
    }

    func testBodyThatEndedTheTransactionItselfStillReportsItsError() throws {
        let database = try makeDatabase()
        XCTAssertThrowsError(try database.writeTransaction {
            try database.execute("INSERT INTO t VALUES (1)")
            try database.execute("ROLLBACK")
            throw BodyFailed()
        }) { error in
            XCTAssertEqual(error as? BodyFailed, BodyFailed())
        }
        XCTAssertFalse(database.isInTransaction)
        try database.writeTransaction { try database.execute("INSERT INTO t VALUES (2)") }
        XCTAssertEqual(try count(database), 1)
    }

    func testBeginImmediateTakesTheWriteLockBeforeTheFirstWrite() throws {
        let path = try makeDatabasePath()
        let first = try makeDatabase(path: path)
        var options = Database.Options()
        options.busyTimeoutMilliseconds = 0
        let second = try Database(path: path, options: options)
        try first.writeTransaction {
            // `first` has not written yet: only an IMMEDIATE transaction holds the lock now.
            XCTAssertThrowsError(try second.writeTransaction { try second.execute("INSERT INTO t VALUES (1)") }) { error in
                XCTAssertEqual((error as? SQLiteError)?.primaryCode, ResultCode.busy)
            }
        }
        XCTAssertFalse(second.isInTransaction)
    }

    func testWritesThroughTheActorAreTransactions() async throws {
        // Built here, not by a helper on `self`, so the connection can be handed to the actor.
        let connection = try Database(path: try makeDatabasePath())
        try connection.execute("CREATE TABLE t (x INTEGER)")
        let database = DatabaseActor(connection)
        do {
            try await database.write { database in
                try database.execute("INSERT INTO t VALUES (1)")
                throw BodyFailed()
            }
            XCTFail("expected the body's error")
        } catch is BodyFailed {}
        let count = try await database.read { database in
            try database.queryFirst("SELECT count(*) FROM t")?.int(at: 0)
        }
        XCTAssertEqual(count, 0)
    }
}

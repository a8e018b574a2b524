import Foundation
import SQLite
import TestSupport
import XCTest

final class DatabaseTests: XCTestCase {
    func testOpenSetsUpTheConnection() throws {
        let database = try Database(path: try makeDatabasePath())
        XCTAssertEqual(try database.queryFirst("PRAGMA journal_mode")?.text(at: 0), "wal")
        XCTAssertEqual(try database.queryFirst("PRAGMA synchronous")?.int(at: 0), 1, "NORMAL")
        XCTAssertEqual(try database.queryFirst("PRAGMA foreign_keys")?.int(at: 0), 1)
        XCTAssertEqual(try database.queryFirst("PRAGMA busy_timeout")?.int(at: 0), 250, "short: a busy database is reported, not waited on")
    }

    func testForeignKeysAreEnforced() throws {
        let database = try Database(path: try makeDatabasePath())
        try database.executeScript("""
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent (id));
            """)
        XCTAssertThrowsError(try database.execute("INSERT INTO child VALUES (42)")) { error in
            XCTAssertEqual((error as? SQLiteError)?.primaryCode, ResultCode.constraint)
        }
    }

    func testValuesRoundTripExactly() throws {
        let database = try Database(path: try makeDatabasePath())
        try database.execute("CREATE TABLE t (v)")
        let values: [SQLiteValue] = [
            .text("Ünïcödé 🐱 with \0 inside"),
            .text(""),
            .blob(Data([0, 0xFF, 0xFE, 0x80])),
            .blob(Data()),
            .null,
            .integer(Int64.max),
            .integer(Int64.min),
            .real(0.25),
        ]
        for value in values {
            try database.execute("INSERT INTO t (v) VALUES (?)", [value])
        }
        let read = try database.query("SELECT v FROM t ORDER BY rowid").map { try $0.value(at: 0) }
        XCTAssertEqual(read, values, "empty text and blob must not come back as NULL")
    }

    func testErrorCarriesExtendedCodeMessageAndSQL() throws {
        let database = try Database(path: try makeDatabasePath())
        try database.execute("CREATE TABLE t (name TEXT UNIQUE)")
        let insert = "INSERT INTO t (name) VALUES (?)"
        try database.execute(insert, ["a"])
        XCTAssertThrowsError(try database.execute(insert, ["a"])) { error in
            guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, ResultCode.constraintUnique)
            XCTAssertEqual(error.primaryCode, ResultCode.constraint)
            XCTAssertTrue(error.message.contains("UNIQUE constraint failed: t.name"), error.message)
            XCTAssertEqual(error.sql, insert)
        }
    }

    func testSyntaxErrorCarriesMessageAndSQL() throws {
        let database = try Database(path: try makeDatabasePath())
        XCTAssertThrowsError(try database.execute("SELEKT 1")) { error in
            guard let error = error as? SQLiteError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.code, ResultCode.error)
            XCTAssertTrue(error.message.contains("syntax error"), error.message)
            XCTAssertEqual(error.sql, "SELEKT 1")
            XCTAssertTrue(error.description.contains("SELEKT 1"))
        }
    }

    func testPrepareRefusesSeveralStatements() throws {
        let database = try Database(path: try makeDatabasePath())
        XCTAssertThrowsError(try database.execute("CREATE TABLE a (x); CREATE TABLE b (x)")) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, ResultCode.misuse)
        }
        XCTAssertNoThrow(try database.execute("SELECT 1;  \n"), "a trailing semicolon is one statement")
    }

    func testWrongArgumentCountIsAnError() throws {
        let database = try Database(path: try makeDatabasePath())
        XCTAssertThrowsError(try database.execute("SELECT ?, ?", ["only one"])) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, ResultCode.misuse)
        }
    }

    func testRowReadAsWrongTypeThrowsInsteadOfTrapping() throws {
        let database = try Database(path: try makeDatabasePath())
        let row = try XCTUnwrap(database.queryFirst("SELECT NULL, 'text'"))
        XCTAssertThrowsError(try row.text(at: 0)) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, ResultCode.mismatch)
        }
        XCTAssertThrowsError(try row.blob(at: 1))
        XCTAssertThrowsError(try row.value(at: 2))
    }
}

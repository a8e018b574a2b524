import Foundation
import PostgreSQL
import SQLite
@testable import Storage
import XCTest

/// A statement written once is written in each database's dialect: its values bound in order
/// behind `?` or `$1, $2, ...`, never spliced into the text; the few words the two spell apart.
final class SQLStatementTests: XCTestCase {
    func testValuesBecomePlaceholdersNumberedInOrderWithTheirArgumentsInThatOrder() {
        func statement<D: SQLDialect>(_: D.Type) -> SQLStatement<D> {
            "SELECT a FROM t WHERE b = \("x") AND c = \(7) AND d = \(Int64(-3))"
        }
        XCTAssertEqual(statement(SQLiteDialect.self).sql, "SELECT a FROM t WHERE b = ? AND c = ? AND d = ?")
        XCTAssertEqual(statement(PostgreSQLDialect.self).sql, "SELECT a FROM t WHERE b = $1 AND c = $2 AND d = $3")
        XCTAssertEqual(statement(SQLiteDialect.self).arguments, [.text("x"), .integer(7), .integer(-3)])
        XCTAssertEqual(statement(PostgreSQLDialect.self).arguments, [.text("x"), .integer(7), .integer(-3)])
    }

    /// A value used twice is bound twice, each time under its own number.
    func testAValueInterpolatedTwiceIsBoundTwice() {
        let owner = "local"
        let statement: SQLStatement<PostgreSQLDialect> = "DELETE FROM h WHERE o = \(owner) AND k NOT IN (SELECT k FROM h WHERE o = \(owner) LIMIT \(5))"
        XCTAssertEqual(statement.sql, "DELETE FROM h WHERE o = $1 AND k NOT IN (SELECT k FROM h WHERE o = $2 LIMIT $3)")
        XCTAssertEqual(statement.arguments, [.text("local"), .text("local"), .integer(5)])
    }

    func testAStatementWithoutValuesIsItsTextInEitherDialect() {
        let sqlite: SQLStatement<SQLiteDialect> = "SELECT count(*) FROM favorite"
        let postgreSQL: SQLStatement<PostgreSQLDialect> = "SELECT count(*) FROM favorite"
        XCTAssertEqual(sqlite.sql, "SELECT count(*) FROM favorite")
        XCTAssertEqual(postgreSQL.sql, "SELECT count(*) FROM favorite")
        XCTAssertEqual(sqlite.arguments, [])
        XCTAssertEqual(postgreSQL.arguments, [])
    }

    /// Text that looks like SQL is a value like any other: the text stays the same.
    func testAValueIsNeverSplicedIntoTheText() {
        let hostile = "x'; DROP TABLE favorite; --"
        let statement: SQLStatement<SQLiteDialect> = "SELECT 1 FROM favorite WHERE gif_id = \(hostile)"
        XCTAssertEqual(statement.sql, "SELECT 1 FROM favorite WHERE gif_id = ?")
        XCTAssertEqual(statement.arguments, [.text(hostile)])
    }

    /// Each driver's prepared statements are kept by text: a statement's text is the same
    /// whatever its values.
    func testTheTextIsTheSameWhateverTheValues() {
        func statement<D: SQLDialect>(_: D.Type, _ key: String, _ bytes: Data?, _ date: Date) -> SQLStatement<D> {
            "INSERT INTO t (k, v, at) VALUES (\(key), \(bytes), \(date)) ON CONFLICT (k) DO UPDATE SET v = excluded.v"
        }
        let early = Date(timeIntervalSince1970: 1), late = Date(timeIntervalSince1970: 2_000_000_000)
        XCTAssertEqual(statement(SQLiteDialect.self, "a", Data([1]), early).sql, statement(SQLiteDialect.self, "b'c", nil, late).sql)
        XCTAssertEqual(statement(PostgreSQLDialect.self, "a", Data([1]), early).sql,
                       statement(PostgreSQLDialect.self, "b'c", nil, late).sql)
    }

    func testDatesBytesAndNothingAreBoundAsTheTablesKeepThem() {
        let statement: SQLStatement<SQLiteDialect> = "VALUES (\(Date(timeIntervalSince1970: 1_700_000_000.1239)), \(Data([0, 255])), \(nil as Data?))"
        XCTAssertEqual(statement.sql, "VALUES (?, ?, ?)")
        XCTAssertEqual(statement.arguments, [.integer(1_700_000_000_123), .blob(Data([0, 255])), .null],
                       "times as whole milliseconds since 1970")
        let postgreSQL: SQLStatement<PostgreSQLDialect> = "VALUES (\(Data([0, 255])), \(nil as Data?))"
        XCTAssertEqual(postgreSQL.arguments, [.bytes(Data([0, 255])), .null])
    }

    func testTheWordsEachDatabaseSpellsItsOwnWay() {
        func locked<D: SQLDialect>(_: D.Type) -> SQLStatement<D> { "SELECT 1 FROM install WHERE install_id = \("a") \(.forUpdate)" }
        XCTAssertEqual(locked(SQLiteDialect.self).sql, "SELECT 1 FROM install WHERE install_id = ? ",
                       "no row locks: SQLite's write transaction holds the whole file")
        XCTAssertEqual(locked(PostgreSQLDialect.self).sql, "SELECT 1 FROM install WHERE install_id = $1 FOR UPDATE")

        func skipping<D: SQLDialect>(_: D.Type) -> SQLStatement<D> { "SELECT id FROM install LIMIT \(2) \(.forUpdateSkipLocked)" }
        XCTAssertEqual(skipping(SQLiteDialect.self).sql, "SELECT id FROM install LIMIT ? ")
        XCTAssertEqual(skipping(PostgreSQLDialect.self).sql, "SELECT id FROM install LIMIT $1 FOR UPDATE SKIP LOCKED")

        func found<D: SQLDialect>(_: D.Type) -> SQLStatement<D> {
            "SELECT q FROM h WHERE o = \("o") AND \(.substringPosition)(k, \("ca")) > 0"
        }
        XCTAssertEqual(found(SQLiteDialect.self).sql, "SELECT q FROM h WHERE o = ? AND instr(k, ?) > 0")
        XCTAssertEqual(found(PostgreSQLDialect.self).sql, "SELECT q FROM h WHERE o = $1 AND strpos(k, $2) > 0")
    }

    /// SQLite takes an OFFSET only after a LIMIT (-1: none); the offset is a value, numbered in turn.
    func testAnOffsetWithoutALimit() {
        func statement<D: SQLDialect>(_: D.Type) -> SQLStatement<D> { "SELECT k FROM c WHERE s < \(9) ORDER BY u DESC \(offset: 20)" }
        XCTAssertEqual(statement(SQLiteDialect.self).sql, "SELECT k FROM c WHERE s < ? ORDER BY u DESC LIMIT -1 OFFSET ?")
        XCTAssertEqual(statement(PostgreSQLDialect.self).sql, "SELECT k FROM c WHERE s < $1 ORDER BY u DESC OFFSET $2")
        XCTAssertEqual(statement(PostgreSQLDialect.self).arguments, [.integer(9), .integer(20)])
    }

    /// Text written in the program goes in as written, between values numbered in turn.
    func testTextWrittenInTheProgramGoesInAsWritten() {
        func statement<D: SQLDialect>(_: D.Type, _ then: StaticString) -> SQLStatement<D> {
            "INSERT INTO s (k) VALUES (\("k")) \(sql: then) AND at <= \(4)"
        }
        XCTAssertEqual(statement(PostgreSQLDialect.self, "WHERE s.at > 3").sql, "INSERT INTO s (k) VALUES ($1) WHERE s.at > 3 AND at <= $2")
        XCTAssertEqual(statement(SQLiteDialect.self, "").sql, "INSERT INTO s (k) VALUES (?)  AND at <= ?")
    }
}

import Foundation
import PostgreSQL
import Storage
import TestSupport
import XCTest

/// PostgreSQL's schema versions: an upgrade keeps every install, counted as used then, and an
/// instance of the version before, still running beside upgraded ones, makes installs as it did.
final class PGSchemaUpgradeTests: XCTestCase {
    func testVersion2CountsEveryInstallAsUsedAtTheUpgrade() throws {
        guard let url = try postgreSQLURL() else { throw XCTSkip("no PostgreSQL cluster") }
        let connection = try PGConnection(url: url.text)
        try PGMigrator(Array(PGSchema.migrator.migrations.prefix(1))).migrate(connection)
        let oldInsert = "INSERT INTO install (install_id, token_hash, created_at) VALUES ($1, NULL, 1000)"
        _ = try connection.execute(oldInsert, [.text(String(repeating: "a", count: 32))])
        // PostgreSQL's clock has microseconds; ours milliseconds.
        let before = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) - 1
        try PGSchema.migrator.migrate(connection)
        XCTAssertEqual(try PGMigrator.version(of: connection), PGSchema.migrator.latestVersion)

        _ = try connection.execute(oldInsert, [.text(String(repeating: "b", count: 32))])
        let rows = try connection.query("SELECT install_id, last_used FROM install ORDER BY install_id")
        XCTAssertEqual(try rows.map { try $0.text(at: 0) }, [String(repeating: "a", count: 32), String(repeating: "b", count: 32), "local"])
        for row in rows {
            let install = try row.text(at: 0)
            XCTAssertGreaterThanOrEqual(try row.int64(at: 1), before, install)
        }
    }

    /// Version 3 names each call's payer: calls logged before are no one's, and an instance of
    /// version 2, still running beside upgraded ones, logs its calls as before (no one's).
    func testVersion3KeepsTheCallsAndTheOldInsert() throws {
        guard let url = try postgreSQLURL() else { throw XCTSkip("no PostgreSQL cluster") }
        let connection = try PGConnection(url: url.text)
        try PGMigrator(Array(PGSchema.migrator.migrations.prefix(2))).migrate(connection)
        let oldInsert = "INSERT INTO upstream_call (provider, called_at) VALUES ('giphy', $1)"
        _ = try connection.execute(oldInsert, [.integer(1000)])
        try PGSchema.migrator.migrate(connection)
        XCTAssertEqual(try PGMigrator.version(of: connection), PGSchema.migrator.latestVersion)
        _ = try connection.execute(oldInsert, [.integer(2000)])
        let rows = try connection.query("SELECT called_at, payer FROM upstream_call ORDER BY called_at")
        XCTAssertEqual(try rows.map { try $0.int64(at: 0) }, [1000, 2000])
        XCTAssertEqual(try rows.map { try $0.text(at: 1) }, ["", ""])
    }

    /// Version 4 names the address each call came from: calls logged before are from none, and
    /// an instance of version 3, still running beside upgraded ones, logs its calls as before.
    func testVersion4KeepsTheCallsAndTheOldInsert() throws {
        guard let url = try postgreSQLURL() else { throw XCTSkip("no PostgreSQL cluster") }
        let connection = try PGConnection(url: url.text)
        try PGMigrator(Array(PGSchema.migrator.migrations.prefix(3))).migrate(connection)
        let oldInsert = "INSERT INTO upstream_call (provider, called_at, payer) VALUES ('giphy', $1, 'install:abc')"
        _ = try connection.execute(oldInsert, [.integer(1000)])
        try PGMigrator(Array(PGSchema.migrator.migrations.prefix(4))).migrate(connection)
        XCTAssertEqual(try PGMigrator.version(of: connection), 4)
        _ = try connection.execute(oldInsert, [.integer(2000)])
        let rows = try connection.query("SELECT called_at, payer, address FROM upstream_call ORDER BY called_at")
        XCTAssertEqual(try rows.map { try $0.int64(at: 0) }, [1000, 2000])
        XCTAssertEqual(try rows.map { try $0.text(at: 1) }, ["install:abc", "install:abc"])
        XCTAssertEqual(try rows.map { try $0.text(at: 2) }, ["", ""])
    }

    /// Version 5 adds linked devices and link codes: the installs there stay, and a device or a
    /// code goes with its install.
    func testVersion5KeepsTheInstallsAndItsRowsGoWithTheirInstall() throws {
        guard let url = try postgreSQLURL() else { throw XCTSkip("no PostgreSQL cluster") }
        let connection = try PGConnection(url: url.text)
        try PGMigrator(Array(PGSchema.migrator.migrations.prefix(4))).migrate(connection)
        _ = try connection.execute("INSERT INTO install (install_id, token_hash, created_at) VALUES ('abc', $1, 1000)", [.bytes(Data([1, 2]))])
        try PGMigrator(Array(PGSchema.migrator.migrations.prefix(5))).migrate(connection)
        XCTAssertEqual(try PGMigrator.version(of: connection), 5)
        XCTAssertEqual(try connection.query("SELECT install_id FROM install ORDER BY install_id").map { try $0.text(at: 0) }, ["abc", "local"])
        _ = try connection.execute("INSERT INTO install_device (install_id, device_id, token_hash, created_at) VALUES ('abc', 'd', $1, 2000)",
                                   [.bytes(Data([3]))])
        _ = try connection.execute("INSERT INTO link_code (code_hash, install_id, expires_at) VALUES ($1, 'abc', 3000)", [.bytes(Data([4]))])
        _ = try connection.execute("DELETE FROM install WHERE install_id = 'abc'", [])
        XCTAssertEqual(try connection.query("SELECT count(*) FROM install_device").first?.int64(at: 0), 0)
        XCTAssertEqual(try connection.query("SELECT count(*) FROM link_code").first?.int64(at: 0), 0)
    }

    /// Version 6 adds the blocks and the reports: everything before stays, and a report goes with its install.
    func testVersion6AddsBlocksAndReportsDeletedWithTheirInstall() throws {
        guard let url = try postgreSQLURL() else { throw XCTSkip("no PostgreSQL cluster") }
        let connection = try PGConnection(url: url.text)
        try PGMigrator(Array(PGSchema.migrator.migrations.prefix(5))).migrate(connection)
        _ = try connection.execute("INSERT INTO install (install_id, created_at) VALUES ('abc', 1)", [])
        try PGSchema.migrator.migrate(connection)
        XCTAssertEqual(try PGMigrator.version(of: connection), 6)
        _ = try connection.execute("INSERT INTO blocked_item (item_id, reason, blocked_at) VALUES ('x', 'r', 1)", [])
        _ = try connection.execute("INSERT INTO blocked_term (term, reason, blocked_at) VALUES ('cats', 'r', 1)", [])
        _ = try connection.execute("INSERT INTO report (item_id, install_id, reason, reported_at) VALUES ('x', 'abc', 'spam', 1)", [])
        _ = try connection.execute("DELETE FROM install WHERE install_id = 'abc'", [])
        XCTAssertEqual(try connection.query("SELECT count(*) FROM report").first?.int64(at: 0), 0)
        XCTAssertEqual(try connection.query("SELECT count(*) FROM blocked_item").first?.int64(at: 0), 1)
    }
}

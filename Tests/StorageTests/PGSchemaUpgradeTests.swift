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
}

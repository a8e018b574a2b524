import Foundation
@testable import GifBFFApp
import HTTPServer
import SQLite
import TestSupport
import XCTest

/// Installs unused for GIF_BFF_INSTALL_IDLE_DAYS are deleted when gif-bff starts (and hourly),
/// with their favorites and history; one used within them stays. A token's requests write its
/// last use at most once a day, not once each.
final class IdleInstallSweepTests: XCTestCase {
    private static let day: Int64 = 86_400_000

    private func database(_ api: APIHarness) throws -> Database {
        try Database(path: api.folder.appendingPathComponent("favorites.sqlite3").path)
    }

    private func lastUsed(_ database: Database, _ install: RegisteredInstall) throws -> (created: Int64, used: Int64) {
        let row = try XCTUnwrap(try database.queryFirst("SELECT created_at, last_used FROM install WHERE install_id = ?",
                                                        [.text(install.id)]))
        return (try row.integer(at: 0), try row.integer(at: 1))
    }

    private func rows(naming install: RegisteredInstall, in database: Database) throws -> Int {
        try ["favorite", "search_history", "install_identity", "install"].reduce(0) { count, table in
            count + (try database.queryFirst("SELECT count(*) FROM \(table) WHERE install_id = ?", [.text(install.id)])?.int(at: 0) ?? 0)
        }
    }

    func testAnIdleInstallIsDeletedWithItsFavoritesAndHistoryWhileAUsedOneStays() async throws {
        let api = try APIHarness(self)
        let item = try XCTUnwrap(try api.get("/trending?limit=1").itemIDs.first)
        let idle = try api.registerInstall(), used = try api.registerInstall()
        for install in [idle, used] {
            let added = try api.send("POST", "/favorites", json: "{\"id\":\"\(item)\"}", headers: [install.authorization])
            XCTAssertEqual(added.status, 201, added.text)
            // 25 requests each: a use was written when the install was made, none is due today.
            for _ in 0..<24 { XCTAssertEqual(try api.send("GET", "/search?q=cats", headers: [install.authorization]).status, 200) }
        }
        await api.flushWrites()
        await api.stopApp()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        do {
            let database = try database(api)
            for install in [idle, used] {
                let times = try lastUsed(database, install)
                XCTAssertEqual(times.used, times.created, "no write for a day's requests")
                XCTAssertGreaterThan(try rows(naming: install, in: database), 2, "its favorite, history and install")
            }
            // Last used 181 days ago, past 180 and the day a use may wait to be written; 179 days ago.
            try database.execute("UPDATE install SET last_used = ? WHERE install_id = ?", [.integer(now - 181 * Self.day), .text(idle.id)])
            try database.execute("UPDATE install SET last_used = ? WHERE install_id = ?", [.integer(now - 179 * Self.day), .text(used.id)])
        }

        let restarted = try APIHarness(self, fake: api.fake, folder: api.folder) { $0.installIdleDays = 180 }
        try await waitUntil("the sweep at start deleted the idle install") {
            try restarted.get("/metrics").text.contains("gif_bff_installs 1\n")
        }
        assertProblem(try restarted.send("GET", "/favorites", headers: [idle.authorization]), 401, "install_token_invalid")
        let kept = try restarted.send("GET", "/favorites", headers: [used.authorization])
        XCTAssertEqual(kept.itemIDs, [item])
        let history = try restarted.send("GET", "/search/history", headers: [used.authorization])
        XCTAssertTrue(history.text.contains("\"cats\""), history.text)
        XCTAssertTrue(try restarted.get("/metrics").text.contains("gif_bff_favorites 1\n"), "the idle install's favorite went")
        XCTAssertTrue(restarted.logSink.capturedText.contains("idle installs deleted"), "the sweep says what it did")

        await restarted.stopApp()
        let database = try database(api)
        XCTAssertEqual(try rows(naming: idle, in: database), 0, "no row names the idle install")
        let times = try lastUsed(database, used)
        XCTAssertGreaterThanOrEqual(times.used, now, "its use today was written, once past a day since the last")
    }
}

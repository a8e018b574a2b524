import FakeUpstream
import Foundation
@testable import GifBFFApp
import HTTPServer
import PostgreSQL
import Service
import TestSupport
import XCTest

/// Issue 47 items 1 to 3 over HTTP, on SQLite and on PostgreSQL (TestSupport's throwaway
/// cluster): the admin API behind its token, blocks of items and terms everywhere, and reports.
final class ModerationTests: XCTestCase {
    static let adminToken = "test-admin-token-0123456789abcdef0123456789"
    private var admin: String { "Authorization: Bearer \(Self.adminToken)" }
    /// A fresh database on TestSupport's cluster, where one runs (skipped there otherwise). Made
    /// here, before the test: the cluster's processes are started and waited for synchronously,
    /// which must not happen on a thread of the task pool (an async test's body).
    private var postgreSQL: PostgreSQLURL?

    override func setUpWithError() throws {
        try super.setUpWithError()
        if let text = try? PostgreSQLCluster.database(for: self), case .success(let url) = PostgreSQLURL.parse(text) { postgreSQL = url }
    }

    /// gif-bff with the admin token, on SQLite, then on PostgreSQL where a cluster runs.
    /// Synchronous: a PostgreSQL harness is started and stopped off the task pool's threads.
    private func onBothDatabases(configure: @escaping (inout Configuration) -> Void = { _ in },
                                 _ body: (APIHarness, String) throws -> Void) throws {
        for url in [nil] + (postgreSQL.map { [$0] } ?? []) {
            let api = try APIHarness(self) { configuration in
                configuration.adminToken = Self.adminToken
                configuration.databaseURL = url
                configure(&configuration)
            }
            try body(api, url == nil ? "sqlite" : "postgresql")
        }
    }

    private func block(_ api: APIHarness, item id: String, reason: String = "checked: offensive") throws -> RawClient.Response {
        try api.send("PUT", "/admin/blocks/items/\(id)", json: "{\"reason\":\"\(reason)\"}", headers: [admin])
    }

    // MARK: The admin API

    func testWithoutTheSettingEveryAdminPathIsNotFound() throws {
        let api = try APIHarness(self)
        XCTAssertEqual(try api.send("PUT", "/admin/blocks/items/abc", json: "{\"reason\":\"x\"}", headers: [admin]).status, 404)
        XCTAssertEqual(try api.send("GET", "/admin/blocks", headers: [admin]).status, 404)
        XCTAssertEqual(try api.send("GET", "/admin/reports").status, 404)
    }

    /// Missing, wrong, another scheme, an existing route or none: the same 401, no CORS headers
    /// even for an allowed origin, no preflight answered.
    func testAWrongOrMissingTokenIsTheSame401OnEveryAdminPathAndNeverCORS() throws {
        let api = try APIHarness(self) { $0.adminToken = Self.adminToken }
        let origin = "Origin: http://localhost:5173"
        var bodies = Set<String>()
        for (target, headers) in [("/admin/blocks", [String]()), ("/admin/blocks", ["Authorization: Bearer wrong-\(Self.adminToken)"]),
                                  ("/admin/reports", ["Authorization: Basic \(Self.adminToken)"]), ("/admin/nothing/here", []),
                                  ("/admin/nothing/here", ["Authorization: Bearer \(Self.adminToken.dropLast())"]), ("/admin/blocks", [origin])] {
            let answer = try api.send("GET", target, headers: headers)
            XCTAssertEqual(answer.status, 401, "\(target) \(headers)")
            XCTAssertEqual(answer.json?["code"] as? String, "admin_token_invalid")
            XCTAssertEqual(answer.header("WWW-Authenticate"), "Bearer")
            XCTAssertNil(answer.header("Access-Control-Allow-Origin"))
            bodies.insert(answer.text)
        }
        XCTAssertEqual(bodies.count, 1, "one answer whatever exists: \(bodies)")
        let allowed = try api.send("GET", "/admin/blocks", headers: [admin, origin])
        XCTAssertEqual(allowed.status, 200, allowed.text)
        XCTAssertNil(allowed.header("Access-Control-Allow-Origin"), "never CORS on /admin")
        let preflight = try api.send("OPTIONS", "/admin/blocks", headers: [admin, origin, "Access-Control-Request-Method: GET"])
        XCTAssertNil(preflight.header("Access-Control-Allow-Origin"))
        XCTAssertNil(preflight.header("Access-Control-Allow-Methods"))
        // A route outside /admin still answers CORS as before.
        XCTAssertNotNil(try api.send("GET", "/trending?limit=1", headers: [origin]).header("Access-Control-Allow-Origin"))
    }

    func testABadAdminTokenSettingStopsStartUpNamingIt() throws {
        XCTAssertThrowsError(try ConfigurationLoader.load(arguments: [], environment: ["GIF_BFF_ADMIN_TOKEN": "short"])) { error in
            XCTAssertTrue(String(describing: error).contains("GIF_BFF_ADMIN_TOKEN"), "\(error)")
            XCTAssertFalse(String(describing: error).contains("short"), "a secret is never echoed: \(error)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("admin-token-\(UUID().uuidString)")
        try Data((Self.adminToken + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (loaded, _) = try ConfigurationLoader.load(arguments: ["--admin-token-file", file.path], environment: [:])
        XCTAssertEqual(loaded.adminToken, Self.adminToken)
    }

    // MARK: Blocks

    /// Blocked: gone from a cached trending page, the item routes, the download, the favorites
    /// list (hidden) and adding; logged. Unblocked: back, the favorite where it was.
    func testABlockedItemIsGoneEverywhereAndUnblockingBringsItBack() throws {
        try onBothDatabases { api, database in
            let ids = try api.trendingIDs(count: 3)
            let blocked = ids[1]
            for id in ids.reversed() { XCTAssertEqual(try api.addFavorite(id, nil).status, 201, database) }
            XCTAssertEqual(try api.favoriteIDs(nil), ids, database)
            XCTAssertTrue(try api.get("/trending?limit=50").itemIDs.contains(blocked))
            let trendingCalls = api.fake.callCount(path: "/v1/gifs/trending")

            let answer = try block(api, item: blocked)
            XCTAssertEqual(answer.status, 200, answer.text)
            XCTAssertEqual(answer.json?["id"] as? String, blocked)
            XCTAssertFalse(try api.get("/trending?limit=50").itemIDs.contains(blocked), "\(database): the cached page is filtered")
            XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/trending"), trendingCalls, "filtered at answer time, no new call")
            for target in ["/gif/\(blocked)", "/items/\(blocked)"] {
                let missing = try api.get(target)
                XCTAssertEqual(missing.status, 404, "\(database) \(target)")
                XCTAssertEqual(missing.json?["code"] as? String, "gif_not_found")
            }
            XCTAssertEqual(try api.send("POST", "/items/\(blocked)/download").status, 404, database)
            XCTAssertEqual(try api.favoriteIDs(nil), [ids[0], ids[2]], "\(database): hidden from the list")
            XCTAssertEqual(try api.addFavorite(blocked, nil).status, 404, database)
            let listed = try api.send("GET", "/admin/blocks", headers: [admin])
            XCTAssertEqual(((listed.json?["items"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }, [blocked])
            XCTAssertTrue(api.logSink.capturedText.contains("admin: blocked"), database)
            XCTAssertTrue(api.logSink.capturedText.contains(blocked), database)

            XCTAssertEqual(try api.send("DELETE", "/admin/blocks/items/\(blocked)", headers: [admin]).status, 204, database)
            XCTAssertEqual(try api.send("DELETE", "/admin/blocks/items/\(blocked)", headers: [admin]).status, 404, "nothing left to unblock")
            XCTAssertEqual(try api.favoriteIDs(nil), ids, "\(database): back where it was")
            XCTAssertTrue(try api.get("/trending?limit=50").itemIDs.contains(blocked))
            XCTAssertEqual(try api.get("/gif/\(blocked)").status, 200)
            XCTAssertTrue(api.logSink.capturedText.contains("admin: unblocked"), database)
        }
    }

    /// The spotlight's pick, the demo media of an item, and decks (every trending item blocked: a deck has none).
    func testABlockedItemIsNeitherSpotlightNorMediaNorDrawn() throws {
        try onBothDatabases(configure: { $0.giphyAPIKey = nil }) { api, database in
            let spotlight = try api.get("/spotlight")
            XCTAssertEqual(spotlight.status, 200, spotlight.text)
            let picked = try XCTUnwrap((spotlight.json?["gif"] as? [String: Any])?["id"] as? String)
            let item = try api.get("/gif/\(picked)")
            let images = try XCTUnwrap(item.json?["images"] as? [String: [String: Any]])
            let url = try XCTUnwrap(images.values.first?["url"] as? String)
            let path = try XCTUnwrap(URLComponents(string: url)?.path)
            XCTAssertEqual(try api.get(path).status, 200)
            XCTAssertEqual(try block(api, item: picked).status, 200)
            XCTAssertEqual(try api.get("/spotlight").status, 404, database)
            XCTAssertEqual(try api.get(path).status, 404, "\(database): its media")

            var pool = Set<String>()
            for offset in stride(from: 0, through: 450, by: 50) { pool.formUnion(try api.get("/trending?limit=50&offset=\(offset)").itemIDs) }
            for id in pool.subtracting([picked]) { XCTAssertEqual(try block(api, item: id).status, 200) }
            XCTAssertEqual(try api.get("/trending?limit=50").itemIDs, [], database)
            let deck = try api.get("/random/deck?count=10")
            XCTAssertEqual(((deck.json?["data"] as? [[String: Any]]) ?? []).count, 0, "\(database): \(deck.text.prefix(300))")
            XCTAssertEqual(try api.get("/random").status, 404, "\(database): every pick is blocked")
        }
    }

    /// A search holding a blocked term as a whole word, any case: an empty page, no upstream
    /// call; a word merely containing it is searched. Suggestions never offer it.
    func testABlockedTermEmptiesSearchesWithoutACallAndIsNeverSuggested() throws {
        try onBothDatabases { api, database in
            XCTAssertEqual(try api.get("/search?q=cats%20party").status, 200)
            // The history is written after the answer.
            func offered() throws -> [String] {
                (try api.get("/search/suggestions?q=cat").json?["data"] as? [[String: Any]] ?? []).compactMap { $0["query"] as? String }
            }
            let deadline = ContinuousClock.now + eventTimeout
            while try !offered().contains("cats party"), ContinuousClock.now < deadline { usleep(20_000) }
            XCTAssertTrue(try offered().contains("cats party"), database)

            let answer = try api.send("PUT", "/admin/blocks/terms/Cats", json: "{\"reason\":\"not here\"}", headers: [admin])
            XCTAssertEqual(answer.status, 200, answer.text)
            XCTAssertEqual(answer.json?["term"] as? String, "cats")
            let calls = api.fake.callCount(path: "/v1/gifs/search")
            for query in ["cats%20party", "FUNNY%20CATS!", "cats"] {
                let page = try api.get("/search?q=\(query)")
                XCTAssertEqual(page.status, 200)
                XCTAssertEqual(page.itemIDs, [], "\(database) \(query)")
            }
            XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), calls, "\(database): no upstream call")
            _ = try api.get("/search?q=catsup")
            XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), calls + 1, "not a whole word: searched")
            let after = try offered()
            XCTAssertFalse(after.contains { $0.lowercased().split(separator: " ").contains("cats") }, "\(database): \(after)")
            XCTAssertEqual(try api.send("DELETE", "/admin/blocks/terms/cats", headers: [admin]).status, 204)
            _ = try api.get("/search?q=cats")
            XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), calls + 2, "\(database): unblocked, searched again")
        }
    }

    /// Blocks are kept: a restart serves none of them.
    func testBlocksOutliveARestart() async throws {
        let api = try APIHarness(self) { $0.adminToken = Self.adminToken }
        let id = try api.trendingIDs(count: 1)[0]
        XCTAssertEqual(try block(api, item: id).status, 200)
        await api.stopApp()
        let restarted = try APIHarness(self, fake: api.fake, folder: api.folder) { $0.adminToken = Self.adminToken }
        // Ready once the blocks are read (at once, or within milliseconds).
        for _ in 0..<100 where try restarted.get("/readyz").status != 200 { try await Task.sleep(for: .milliseconds(20)) }
        XCTAssertEqual(try restarted.get("/readyz").status, 200)
        XCTAssertEqual(try restarted.get("/gif/\(id)").status, 404)
    }

    // MARK: Reports

    func testReportsAreOnePerInstallPerItemAndListedByCount() throws {
        try onBothDatabases { api, database in
            let ids = try api.trendingIDs(count: 2)
            let first = try api.registerInstall(), second = try api.registerInstall()
            func report(_ id: String, _ reason: String, _ install: RegisteredInstall) throws -> RawClient.Response {
                try api.send("POST", "/items/\(id)/reports", json: "{\"reason\":\"\(reason)\"}", headers: [install.authorization])
            }
            XCTAssertEqual(try report(ids[1], "wrong", first).status, 201, database)
            let created = try report(ids[0], "spam", first)
            XCTAssertEqual(created.status, 201, created.text)
            XCTAssertEqual(created.json?["status"] as? String, "received")
            let repeated = try report(ids[0], "offensive", first)
            XCTAssertEqual(repeated.status, 200, "\(database): a repeat changes nothing")
            XCTAssertEqual(repeated.json?["status"] as? String, "already_received")
            XCTAssertEqual(try report(ids[0], "offensive", second).status, 201)
            let bad = try report(ids[0], "boring", second)
            XCTAssertEqual(bad.status, 400)
            XCTAssertEqual(bad.json?["code"] as? String, "invalid_parameter")

            let listed = try api.send("GET", "/admin/reports", headers: [admin])
            XCTAssertEqual(listed.status, 200, listed.text)
            let data = try XCTUnwrap(listed.json?["data"] as? [[String: Any]])
            XCTAssertEqual(data.compactMap { $0["id"] as? String }, [ids[0], ids[1]], "\(database): most reports first")
            XCTAssertEqual(data.first?["count"] as? Int, 2)
            XCTAssertEqual(data.first?["reasons"] as? [String: Int], ["spam": 1, "offensive": 1])
            XCTAssertNotNil(data.first?["last_reported_at"] as? String)
            XCTAssertTrue(api.logSink.capturedText.contains("admin: blocked") == false)

            // Erasing an install takes its reports with it.
            XCTAssertEqual(try api.send("DELETE", "/installs/current", headers: [second.authorization]).status, 204)
            let after = try XCTUnwrap(try api.send("GET", "/admin/reports", headers: [admin]).json?["data"] as? [[String: Any]])
            XCTAssertEqual(after.first?["reasons"] as? [String: Int], ["spam": 1], database)
        }
    }

    func testReportsAreRateLimitedPerAddress() throws {
        let api = try APIHarness(self) { $0.adminToken = Self.adminToken }
        let id = try api.trendingIDs(count: 1)[0]
        for index in 0..<Moderation.defaultReportsPerHour {
            XCTAssertLessThan(try api.send("POST", "/items/\(id)/reports", json: "{\"reason\":\"spam\"}").status, 300, "report \(index)")
        }
        let refused = try api.send("POST", "/items/\(id)/reports", json: "{\"reason\":\"spam\"}")
        XCTAssertEqual(refused.status, 429, refused.text)
        XCTAssertEqual(refused.json?["code"] as? String, "report_rate_limited")
        XCTAssertNotNil(refused.header("Retry-After"))
        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains("gif_bff_reports_total{outcome=\"refused\"} 1"), metrics)
        XCTAssertTrue(metrics.contains("gif_bff_reports_total{outcome=\"kept\"} 1"))
        XCTAssertTrue(metrics.contains("gif_bff_reports_total{outcome=\"repeated\"} \(Moderation.defaultReportsPerHour - 1)"))
    }
}

import API
import FakeGiphy
import FakeUpstream
import Foundation
@testable import GifBFFApp
import HTTPServer
import Service
import Model
import TestSupport
import XCTest

/// Installs over HTTP (issue 22): each install its own favorites, history and cap; the two
/// policies; what a token of one install can do to another's (nothing); malformed Authorization
/// values; the creation limit and the proxies believed; deletion; tokens kept out of logs.
final class InstallTests: XCTestCase {
    private func register(_ api: APIHarness, headers: [String] = []) throws -> RegisteredInstall {
        try api.registerInstall(headers: headers)
    }

    private func favorites(_ api: APIHarness, _ install: RegisteredInstall?) throws -> [String] {
        try api.favoriteIDs(install)
    }

    private func add(_ api: APIHarness, _ id: String, _ install: RegisteredInstall?) throws -> RawClient.Response {
        try api.addFavorite(id, install)
    }

    private func trendingIDs(_ api: APIHarness, count: Int) throws -> [String] {
        try api.trendingIDs(count: count)
    }

    func testANewInstallGetsAnIDAndATokenShownOnce() throws {
        let api = try APIHarness(self)
        let created = try api.send("POST", "/installs")
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(created.header("Cache-Control"), "no-store")
        let id = try XCTUnwrap(created.json?["install_id"] as? String)
        let token = try XCTUnwrap(created.json?["token"] as? String)
        XCTAssertNotNil(created.json?["created_at"] as? String)
        XCTAssertEqual(id.count, 32)
        XCTAssertTrue(id.allSatisfy { "0123456789abcdef".contains($0) }, id)
        XCTAssertEqual(token.count, InstallToken.length)
        XCTAssertTrue(token.hasPrefix(id + "."), "the token names its install")
        // 256 random bits after the id: two installs never share a secret.
        let other = try register(api)
        XCTAssertNotEqual(other.id, id)
        XCTAssertNotEqual(other.token.dropFirst(33), token.dropFirst(33))
    }

    func testEachInstallHasItsOwnFavoritesHistoryAndCap() async throws {
        let api = try APIHarness(self, favoritesLimit: 2)
        let items = try trendingIDs(api, count: 3)
        let first = try register(api), second = try register(api)

        XCTAssertEqual(try add(api, items[0], first).status, 201)
        XCTAssertEqual(try add(api, items[1], first).status, 201)
        assertProblem(try add(api, items[2], first), 409, "favorites_full")
        XCTAssertEqual(try add(api, items[2], second).status, 201, "the cap is per install")
        XCTAssertEqual(try add(api, items[0], nil).status, 201, "the local install, without a token")

        XCTAssertEqual(try favorites(api, first), [items[1], items[0]])
        XCTAssertEqual(try favorites(api, second), [items[2]])
        XCTAssertEqual(try favorites(api, nil), [items[0]])

        // Another install's favorite is not found, never forbidden: nothing tells it exists.
        assertProblem(try api.send("DELETE", "/favorites/\(items[1])", headers: [second.authorization]), 404, "favorite_not_found")
        XCTAssertEqual(try favorites(api, first), [items[1], items[0]], "untouched")
        let page = try api.send("GET", "/trending?limit=3", headers: [second.authorization])
        let marked = (page.json?["data"] as? [[String: Any]] ?? []).filter { $0["is_favorite"] as? Bool == true }.compactMap { $0["id"] as? String }
        XCTAssertEqual(marked, [items[2]], "pages mark the install's own favorites")

        XCTAssertEqual(try api.send("GET", "/search?q=alpine", headers: [first.authorization]).status, 200)
        XCTAssertEqual(try api.send("GET", "/search?q=beach", headers: [second.authorization]).status, 200)
        await api.flushWrites()
        func history(_ install: RegisteredInstall?) throws -> [String] {
            let answer = try api.send("GET", "/search/history", headers: install.map { [$0.authorization] } ?? [])
            return ((answer.json?["data"] as? [[String: Any]]) ?? []).compactMap { $0["query"] as? String }
        }
        XCTAssertEqual(try history(first), ["alpine"])
        XCTAssertEqual(try history(second), ["beach"])
        XCTAssertEqual(try history(nil), [])
        let suggestions = try api.send("GET", "/search/suggestions?q=al", headers: [second.authorization])
        XCTAssertFalse(suggestions.text.contains("alpine"), "suggestions come from the install's own history")
        XCTAssertEqual(try api.send("DELETE", "/search/history", headers: [second.authorization]).status, 204)
        XCTAssertEqual(try history(first), ["alpine"], "clearing one install's history leaves the others")
    }

    func testThirtyRacingAddsLeaveTwentyAndTwoInstallsNeverCountAgainstEachOther() throws {
        let api = try APIHarness(self)
        let items = try trendingIDs(api, count: 30)
        let first = try register(api), second = try register(api)
        // Every request is on the wire before any answer is read: 60 adds in flight at once.
        var clients: [(RawClient, RegisteredInstall)] = []
        for (index, item) in items.enumerated() {
            for install in index.isMultiple(of: 2) ? [first, second] : [second, first] {
                let client = try RawClient(port: api.app.port, timeout: 15)
                try client.send(request("POST", "/favorites", headers: ["Content-Type: application/json", install.authorization],
                                        body: "{\"id\":\"\(item)\"}"))
                clients.append((client, install))
            }
        }
        var created: [String: Int] = [:], full: [String: Int] = [:]
        for (client, install) in clients {
            let answer = try client.readResponse()
            switch answer.status {
            case 201: created[install.id, default: 0] += 1
            case 409: full[install.id, default: 0] += 1
            default: XCTFail("\(answer.status) \(answer.text)")
            }
        }
        for install in [first, second] {
            XCTAssertEqual(created[install.id], 20, "exactly the cap")
            XCTAssertEqual(full[install.id], 10)
            XCTAssertEqual(try favorites(api, install).count, 20)
        }
        XCTAssertEqual(try favorites(api, nil).count, 0)
    }

    func testRequiredPolicyRefusesKeepingRoutesWithoutATokenAndServesTheRest() throws {
        let api = try APIHarness(self) { $0.installPolicy = .required }
        for (method, target) in [("GET", "/favorites"), ("POST", "/favorites"), ("GET", "/search/history"),
                                 ("DELETE", "/search/history"), ("GET", "/search/suggestions?q=ca"), ("DELETE", "/installs/current")] {
            let answer = try api.send(method, target, json: method == "POST" ? "{\"id\":\"abc\"}" : nil)
            assertProblem(answer, 401, "install_token_required")
            XCTAssertEqual(answer.header("WWW-Authenticate"), "Bearer", "\(method) \(target)")
        }
        for target in ["/search?q=cat", "/trending", "/healthz", "/", "/openapi.yaml"] {
            XCTAssertEqual(try api.get(target).status, 200, target)
        }
        let unknown = "0123456789abcdef0123456789abcdef." + String(repeating: "A", count: 43)
        let refused = try api.send("GET", "/favorites", headers: ["Authorization: Bearer \(unknown)"])
        assertProblem(refused, 401, "install_token_invalid")
        XCTAssertTrue(refused.header("WWW-Authenticate")?.contains("error=\"invalid_token\"") == true, refused.headers.description)

        let install = try register(api)
        XCTAssertEqual(try favorites(api, install), [])
        // A right install id with a wrong secret opens nothing.
        let forged = install.id + "." + String(repeating: "B", count: 43)
        assertProblem(try api.send("GET", "/favorites", headers: ["Authorization: Bearer \(forged)"]), 401, "install_token_invalid")
    }

    func testMalformedAuthorizationIs401WithADetailNever500() throws {
        let api = try APIHarness(self)
        let install = try register(api)
        let values: [(String, [UInt8])] = [
            ("no scheme", Array(install.token.utf8)),
            ("another scheme", Array("Basic dXNlcjpwYXNz".utf8)),
            ("the scheme alone", Array("Bearer".utf8)),
            ("not a token's shape", Array("Bearer abc.def".utf8)),
            ("huge", Array("Bearer \(String(repeating: "x", count: 4000))".utf8)),
            ("non-ASCII", Array("Bearer ".utf8) + Array("ünïcødé-\(install.token)".utf8)),
        ]
        for (what, value) in values {
            let client = try RawClient(port: api.app.port)
            try client.send(Array("GET /favorites HTTP/1.1\r\nHost: localhost\r\nAuthorization: ".utf8) + value + Array("\r\n\r\n".utf8))
            let answer = try client.readResponse()
            assertProblem(answer, 401, "install_token_invalid")
            XCTAssertNotNil(answer.header("WWW-Authenticate"), what)
            XCTAssertFalse(answer.text.contains(install.token), "\(what): the detail never repeats what was sent")
        }
        let twice = try api.send("GET", "/favorites", headers: [install.authorization, install.authorization])
        assertProblem(twice, 401, "install_token_invalid")
        XCTAssertEqual(try api.send("GET", "/favorites", headers: ["authorization: bearer \(install.token)"]).status, 200,
                       "the scheme's name is case-insensitive (RFC 9110 11.1)")
    }

    func testDeletingAnInstallDeletesItsThingsAndRefusesItsToken() async throws {
        let api = try APIHarness(self)
        let items = try trendingIDs(api, count: 2)
        let leaving = try register(api), staying = try register(api)
        XCTAssertEqual(try add(api, items[0], leaving).status, 201)
        XCTAssertEqual(try add(api, items[1], staying).status, 201)
        XCTAssertEqual(try api.send("GET", "/search?q=leaving", headers: [leaving.authorization]).status, 200)
        await api.flushWrites()
        XCTAssertTrue(try api.get("/metrics").text.contains("gif_bff_favorites 2\n"))

        assertProblem(try api.send("DELETE", "/installs/current"), 401, "install_token_required")
        let deleted = try api.send("DELETE", "/installs/current", headers: [leaving.authorization])
        XCTAssertEqual(deleted.status, 204, deleted.text)
        assertProblem(try api.send("GET", "/favorites", headers: [leaving.authorization]), 401, "install_token_invalid")
        assertProblem(try api.send("DELETE", "/installs/current", headers: [leaving.authorization]), 401, "install_token_invalid")
        XCTAssertEqual(try favorites(api, staying), [items[1]], "other installs keep theirs")
        XCTAssertTrue(try api.get("/metrics").text.contains("gif_bff_favorites 1\n"), "the deleted install's favorite is gone")

        // After a restart too: nothing of it is on disk, and its token opens nothing.
        await api.stopApp()
        let restarted = try APIHarness(self, fake: api.fake, folder: api.folder)
        assertProblem(try restarted.send("GET", "/favorites", headers: [leaving.authorization]), 401, "install_token_invalid")
        XCTAssertEqual(try favorites(restarted, staying), [items[1]])
        let database = try String(decoding: Data(contentsOf: api.folder.appendingPathComponent("favorites.sqlite3")), as: UTF8.self)
        XCTAssertFalse(database.contains(leaving.id), "no row names the deleted install")
    }

    func testCreatingInstallsIsLimitedPerClientAndForwardedAddressesOnlyFromTrustedProxies() throws {
        let direct = try APIHarness(self) { $0.installCreationLimits.perAddress = 2 }
        _ = try register(direct)
        _ = try register(direct, headers: ["X-Forwarded-For: 203.0.113.1"])
        let limited = try direct.send("POST", "/installs", headers: ["X-Forwarded-For: 203.0.113.2"])
        assertProblem(limited, 429, "install_rate_limited")
        XCTAssertNotNil(limited.header("Retry-After").flatMap(Int.init), "an untrusted peer's X-Forwarded-For is ignored")

        let loopback = try TrustedProxies(parsing: "127.0.0.1")
        let proxied = try APIHarness(self) {
            $0.installCreationLimits.perAddress = 2
            $0.trustedProxies = loopback
        }
        _ = try register(proxied, headers: ["X-Forwarded-For: 203.0.113.1"])
        _ = try register(proxied, headers: ["X-Forwarded-For: 203.0.113.1"])
        assertProblem(try proxied.send("POST", "/installs", headers: ["X-Forwarded-For: 203.0.113.1"]), 429, "install_rate_limited")
        _ = try register(proxied, headers: ["X-Forwarded-For: 203.0.113.9"])
        // A client's own entry is left of what the trusted proxy appended: the proxy's is believed.
        assertProblem(try proxied.send("POST", "/installs", headers: ["X-Forwarded-For: 198.51.100.7, 203.0.113.1"]),
                      429, "install_rate_limited")
    }

    func testATokenNeverReachesTheLogOrTheMetrics() throws {
        let api = try APIHarness(self)
        let install = try register(api)
        let items = try trendingIDs(api, count: 1)
        XCTAssertEqual(try add(api, items[0], install).status, 201)
        _ = try api.send("GET", "/favorites", headers: [install.authorization])
        _ = try api.send("GET", "/favorites", headers: ["Authorization: Bearer \(install.id).wrong"])
        XCTAssertEqual(try api.send("DELETE", "/installs/current", headers: [install.authorization]).status, 204)
        let secret = String(install.token.dropFirst(33))
        let log = api.logSink.capturedText
        XCTAssertFalse(log.isEmpty)
        XCTAssertFalse(log.contains(secret), "the log holds no token")
        XCTAssertFalse(try api.get("/metrics").text.contains(secret), "the metrics hold no token")
    }

    /// GIPHY means its random_id per user: each install gets its own, on its pingbacks and calls.
    func testEachInstallHasItsOwnGiphyRandomID() async throws {
        let api = try APIHarness(self)
        let item = try trendingIDs(api, count: 1)[0]
        let first = try register(api), second = try register(api)
        var randomIDs: [String] = []
        for install in [first, second] {
            let sent = api.fake.pingbacks.count()
            let event = try api.send("POST", "/gif/\(item)/events", json: #"{"action": "click"}"#, headers: [install.authorization])
            XCTAssertEqual(event.status, 202, event.text)
            try await waitUntil { api.fake.pingbacks.count() == sent + 1 }
            randomIDs.append(try XCTUnwrap(api.fake.pingbacks.all.last?.randomID))
        }
        XCTAssertNotEqual(randomIDs[0], randomIDs[1])
        for (install, randomID) in zip([first, second], randomIDs) {
            XCTAssertEqual(try api.send("GET", "/search?q=install\(install.id.prefix(6))", headers: [install.authorization]).status, 200)
            let call = try XCTUnwrap(api.fake.recordedCalls.last { $0.path == "/v1/gifs/search" })
            XCTAssertEqual(call.value(of: "random_id"), randomID, "the install's own random_id reaches GIPHY")
        }
    }
}

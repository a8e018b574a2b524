import Foundation
@testable import GifBFFApp
import PostgreSQL
import TestSupport
import XCTest

/// Linked devices over HTTP (issue 47, item 5), on SQLite and on PostgreSQL: a one-time code
/// gives a second device its own token for the same install; the devices are listed without
/// secrets and revoked one by one, all of them with the install; guessing is throttled per address.
final class LinkedDeviceTests: XCTestCase {
    /// `body` on a server over SQLite's file, then over PostgreSQL where a cluster runs.
    private func onBothDatabases(_ body: (APIHarness) async throws -> Void) async throws {
        try await body(try APIHarness(self))
        let url: String
        do {
            url = try PostgreSQLCluster.database(for: self)
        } catch is XCTSkip {
            return
        }
        guard case .success(let parsed) = PostgreSQLURL.parse(url) else { return XCTFail("not a URL: \(url)") }
        try await body(try APIHarness(self) { $0.databaseURL = parsed })
    }

    private func code(_ api: APIHarness, _ install: RegisteredInstall) throws -> String {
        let answer = try api.send("POST", "/installs/current/link-codes", headers: [install.authorization])
        XCTAssertEqual(answer.status, 201, answer.text)
        XCTAssertEqual(answer.header("Cache-Control"), "no-store")
        XCTAssertEqual(answer.json?["expires_in"] as? Int, 600)
        XCTAssertNotNil(answer.json?["expires_at"] as? String)
        return try XCTUnwrap(answer.json?["code"] as? String, answer.text)
    }

    private func link(_ api: APIHarness, _ code: String) throws -> RawClient.Response {
        try api.send("POST", "/installs/link", json: "{\"code\":\"\(code)\"}")
    }

    private func devices(_ api: APIHarness, _ install: RegisteredInstall) throws -> [[String: Any]] {
        let answer = try api.send("GET", "/installs/current/tokens", headers: [install.authorization])
        XCTAssertEqual(answer.status, 200, answer.text)
        return (answer.json?["data"] as? [[String: Any]]) ?? []
    }

    func testACodeGivesASecondDeviceItsOwnTokenForTheSameInstallOnce() async throws {
        try await onBothDatabases { api in
            let items = try api.trendingIDs(count: 2)
            let first = try api.registerInstall()
            XCTAssertEqual(try api.addFavorite(items[0], first).status, 201)
            let shown = try code(api, first)
            XCTAssertTrue(shown.range(of: "^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$", options: .regularExpression) != nil, shown)

            let answer = try link(api, shown)
            let second = try RegisteredInstall(created: answer)
            XCTAssertEqual(answer.header("Cache-Control"), "no-store")
            XCTAssertEqual(second.id, first.id, "the same install")
            XCTAssertNotEqual(second.token, first.token, "its own token")
            XCTAssertEqual(try api.favoriteIDs(second), [items[0]])
            XCTAssertEqual(try api.addFavorite(items[1], second).status, 201)
            XCTAssertEqual(try api.favoriteIDs(first), [items[1], items[0]], "one install: what one device adds, the other sees")

            assertProblem(try link(api, shown), 403, "link_code_invalid")
            // Typed as a person may: lower case, no hyphen, O for 0 and I for 1.
            let typed = try code(api, first).lowercased().replacingOccurrences(of: "-", with: "")
                .replacingOccurrences(of: "0", with: "o").replacingOccurrences(of: "1", with: "i")
            XCTAssertEqual(try link(api, typed).status, 201)

            let listed = try devices(api, second)
            XCTAssertEqual(listed.count, 3)
            XCTAssertEqual(listed.first?["id"] as? String, "first")
            XCTAssertEqual(listed.filter { $0["current"] as? Bool == true }.compactMap { $0["id"] as? String },
                           [answer.json?["device_id"] as? String].compactMap { $0 })
            let text = try api.send("GET", "/installs/current/tokens", headers: [first.authorization]).text
            XCTAssertFalse(text.contains(first.token.suffix(43)) || text.contains(second.token.suffix(43)), "no secret listed")
        }
    }

    func testARevokedDeviceIsRefusedAndErasingTheInstallRevokesEveryDevice() async throws {
        try await onBothDatabases { api in
            let first = try api.registerInstall()
            let linked = try link(api, try code(api, first))
            let second = try RegisteredInstall(created: linked)
            let id = try XCTUnwrap(linked.json?["device_id"] as? String)
            XCTAssertEqual(try api.favoriteIDs(second), [], "its token opens the install, now kept in memory")

            XCTAssertEqual(try api.send("DELETE", "/installs/current/tokens/\(id)", headers: [first.authorization]).status, 204)
            assertProblem(try api.send("GET", "/favorites", headers: [second.authorization]), 401, "install_token_invalid")
            assertProblem(try api.send("DELETE", "/installs/current/tokens/\(id)", headers: [first.authorization]), 404, "device_not_found")
            XCTAssertTrue(try api.get("/metrics").text.contains("gif_bff_devices_revoked_total 1\n"))
            XCTAssertEqual(try devices(api, first).count, 1)

            let third = try RegisteredInstall(created: try link(api, try code(api, first)))
            XCTAssertEqual(try api.send("DELETE", "/installs/current", headers: [third.authorization]).status, 204)
            assertProblem(try api.send("GET", "/favorites", headers: [first.authorization]), 401, "install_token_invalid")
            assertProblem(try api.send("GET", "/favorites", headers: [third.authorization]), 401, "install_token_invalid")
        }
    }

    func testGuessingIsThrottledPerAddressEveryAttemptCounted() async throws {
        try await onBothDatabases { api in
            let first = try api.registerInstall()
            let right = try code(api, first)
            for guess in 0..<10 {
                assertProblem(try link(api, String(format: "%05d-%05d", guess, guess)), 403, "link_code_invalid")
            }
            let refused = try link(api, right)
            assertProblem(refused, 429, "link_rate_limited")
            XCTAssertNotNil(refused.header("Retry-After").flatMap(Int.init))
            assertProblem(try api.send("POST", "/installs/current/link-codes"), 401, "install_token_required")
            let metrics = try api.get("/metrics").text
            for line in ["gif_bff_link_codes_issued_total 1\n", "gif_bff_link_attempts_total{outcome=\"invalid_code\"} 10\n",
                         "gif_bff_link_attempts_total{outcome=\"rate_limited\"} 1\n", "gif_bff_link_attempts_total{outcome=\"linked\"} 0\n"] {
                XCTAssertTrue(metrics.contains(line), line)
            }
        }
    }
}

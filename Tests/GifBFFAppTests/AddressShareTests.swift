import API
import FakeUpstream
import Foundation
import Gateway
@testable import GifBFFApp
import PostgreSQL
import Service
import TestSupport
import XCTest

/// Issue 44.2: installs required, one address taking a new install each time the last one's share
/// is spent gets at most `GIF_BFF_UPSTREAM_SHARES_PER_ADDRESS` shares together, however many
/// installs it makes, and other addresses go on; held across a restart, and across a fleet on
/// PostgreSQL. Behind a trusted proxy (loopback) naming each client in X-Forwarded-For.
final class AddressShareTests: XCTestCase {
    private let rotator = "203.0.113.7", other = "198.51.100.9"
    /// Nil would fail every test here: no client would be told apart.
    private static let loopback = (try? TrustedProxies(parsing: "127.0.0.1")) ?? .none

    /// Installs required, a budget of 20 GIPHY calls an hour: 10% is 2 calls per install, and
    /// 3 shares (the default) are 6 calls per address.
    private func configure(_ configuration: inout Configuration) {
        configuration.trustedProxies = Self.loopback
        configuration.installPolicy = .required
        configuration.gateway.callsPerHour = 20
        configuration.upstreamSharePercent = 10
    }

    private struct Rotation {
        var calls = 0
        var installs = 0
        /// The answer that refused the first search of a fresh install: the address's bound.
        var refusal: RawClient.Response?
    }

    /// From `address`: a new install, new searches until refused, then another install, and so
    /// on, each request to the next of `apis` in turn, until a fresh install's first search is
    /// refused (or `maxInstalls` were made).
    private func rotate(_ apis: [APIHarness], from address: String, maxInstalls: Int = 12, word: String = "w") throws -> Rotation {
        var rotation = Rotation()
        var turn = 0
        func next() -> APIHarness {
            defer { turn += 1 }
            return apis[turn % apis.count]
        }
        for number in 0..<maxInstalls {
            let install = try next().registerInstall(headers: ["X-Forwarded-For: \(address)"])
            rotation.installs += 1
            for search in 0..<25 {
                let answer = try next().send("GET", "/search?q=\(word)\(number)x\(search)&limit=1",
                                             headers: ["X-Forwarded-For: \(address)", install.authorization])
                guard answer.status == 200 else {
                    assertProblem(answer, 429, "upstream_share_spent")
                    if search == 0 {
                        rotation.refusal = answer
                        return rotation
                    }
                    break
                }
                XCTAssertEqual(answer.header("X-Cache"), "MISS")
                rotation.calls += 1
            }
        }
        return rotation
    }

    private func assertAddressBound(_ refusal: RawClient.Response?, file: StaticString = #filePath, line: UInt = #line) throws {
        let refusal = try XCTUnwrap(refusal, "the rotation never stopped", file: file, line: line)
        XCTAssertTrue((refusal.json?["detail"] as? String ?? "").contains("your address"), refusal.text, file: file, line: line)
        let retryAfter = try XCTUnwrap(Int(refusal.header("Retry-After") ?? ""), "Retry-After", file: file, line: line)
        XCTAssertTrue((3500...3600).contains(retryAfter), "\(retryAfter)", file: file, line: line)
    }

    /// Another address's new install still searches.
    private func assertOtherAddressGoesOn(_ api: APIHarness, file: StaticString = #filePath, line: UInt = #line) throws {
        let install = try api.registerInstall(headers: ["X-Forwarded-For: \(other)"])
        let answer = try api.send("GET", "/search?q=elsewhere&limit=1", headers: ["X-Forwarded-For: \(other)", install.authorization])
        XCTAssertEqual(answer.status, 200, answer.text, file: file, line: line)
        XCTAssertEqual(answer.header("X-Cache"), "MISS", file: file, line: line)
    }

    func testRotatingInstallsFromOneAddressStopsAtItsBound() throws {
        let api = try APIHarness(self, configure: configure)
        let rotation = try rotate([api], from: rotator)
        XCTAssertEqual(rotation.calls, 6, "3 shares of 2 calls, whatever the installs")
        XCTAssertEqual(rotation.installs, 4, "the fourth install is refused at once")
        try assertAddressBound(rotation.refusal)
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), 6)
        try assertOtherAddressGoesOn(api)
        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains("gif_bff_upstream_budget_remaining{provider=\"giphy\"} 13"), metrics)
    }

    /// `GIF_BFF_UPSTREAM_SHARES_PER_ADDRESS` sets the bound: 1 is one client's share for the
    /// whole address.
    func testTheSettingSetsTheBound() throws {
        let api = try APIHarness(self) { configuration in
            self.configure(&configuration)
            configuration.gateway.sharesPerAddress = 1
        }
        let rotation = try rotate([api], from: rotator)
        XCTAssertEqual(rotation.calls, 2)
        XCTAssertEqual(rotation.installs, 2)
        try assertAddressBound(rotation.refusal)
    }

    /// The call log names the address each call came from: a restart hands out no fresh bound.
    func testTheBoundIsRememberedAcrossARestart() async throws {
        let api = try APIHarness(self, configure: configure)
        XCTAssertEqual(try rotate([api], from: rotator).calls, 6)
        await api.flushWrites()
        await api.stopApp()
        let restarted = try APIHarness(self, fake: api.fake, folder: api.folder, configure: configure)
        let rotation = try rotate([restarted], from: rotator, word: "again")
        XCTAssertEqual(rotation.calls, 0, "no fresh bound after a restart")
        try assertAddressBound(rotation.refusal)
        try assertOtherAddressGoesOn(restarted)
    }

    /// Two instances on one PostgreSQL database: the rotation alternates between them, and the
    /// bound is the fleet's.
    func testTheBoundIsTheFleetsOnPostgreSQL() throws {
        let url = try PostgreSQLCluster.database(for: self)
        guard case .success(let parsed) = PostgreSQLURL.parse(url) else { return XCTFail("not a URL: \(url)") }
        let first = try APIHarness(self) { configuration in
            self.configure(&configuration)
            configuration.databaseURL = parsed
        }
        let second = try APIHarness(self, fake: first.fake) { configuration in
            self.configure(&configuration)
            configuration.databaseURL = parsed
        }
        let rotation = try rotate([first, second], from: rotator)
        XCTAssertEqual(rotation.calls, 6, "3 shares of 2 calls, over both instances")
        try assertAddressBound(rotation.refusal)
        XCTAssertEqual(first.fake.callCount(path: "/v1/gifs/search"), 6)
        try assertOtherAddressGoesOn(second)
    }
}

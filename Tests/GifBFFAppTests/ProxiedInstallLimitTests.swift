import API
import Foundation
@testable import GifBFFApp
import Service
import Model
import TestSupport
import XCTest

/// POST /installs over HTTP, behind a trusted proxy (loopback) that names the clients in
/// X-Forwarded-For: many addresses of one network (an IPv6 /48's /64s, an IPv4 /24's addresses,
/// IPv4-mapped IPv6 ones among them) share that network's limit, and every network the server's.
final class ProxiedInstallLimitTests: XCTestCase {
    private func proxied(_ configure: (inout InstallCreationLimits) -> Void) throws -> APIHarness {
        let loopback = try TrustedProxies(parsing: "127.0.0.1")
        return try APIHarness(self) { configuration in
            configuration.trustedProxies = loopback
            configure(&configuration.installCreationLimits)
        }
    }

    private func create(_ api: APIHarness, from address: String) throws -> RawClient.Response {
        try api.send("POST", "/installs", headers: ["X-Forwarded-For: \(address)"])
    }

    private func assertRefused(_ answer: RawClient.Response, saying words: String, file: StaticString = #filePath, line: UInt = #line) {
        assertProblem(answer, 429, "install_rate_limited", file: file, line: line)
        XCTAssertNotNil(answer.header("Retry-After").flatMap(Int.init), "Retry-After", file: file, line: line)
        let detail = answer.json?["detail"] as? String ?? ""
        XCTAssertTrue(detail.contains(words), detail, file: file, line: line)
    }

    func testDistinct64sOfOne48ShareItsLimit() throws {
        let api = try proxied { $0.perNetwork = 3 }
        for subnet in 0..<3 {
            XCTAssertEqual(try create(api, from: "2001:db8:7:\(subnet)::1").status, 201)
        }
        assertRefused(try create(api, from: "2001:db8:7:ff::1"), saying: "network")
        assertRefused(try create(api, from: "2001:db8:7:ffff:1:2:3:4"), saying: "network")
        XCTAssertEqual(try create(api, from: "2001:db8:8::1").status, 201, "another /48 has its own")
    }

    func testAddressesOfOne24ShareItsLimitIPv4MappedOnesAmongThem() throws {
        let api = try proxied { $0.perNetwork = 3 }
        XCTAssertEqual(try create(api, from: "198.51.100.1").status, 201)
        XCTAssertEqual(try create(api, from: "::ffff:198.51.100.2").status, 201)
        XCTAssertEqual(try create(api, from: "198.51.100.3").status, 201)
        assertRefused(try create(api, from: "::ffff:198.51.100.4"), saying: "network")
        assertRefused(try create(api, from: "198.51.100.250"), saying: "network")
        XCTAssertEqual(try create(api, from: "198.51.101.1").status, 201, "another /24 has its own")
    }

    func testTheServerMakesAtMostItsShareAnHour() throws {
        let api = try proxied { $0.perServer = 2 }
        XCTAssertEqual(try create(api, from: "203.0.113.1").status, 201)
        XCTAssertEqual(try create(api, from: "2001:db8:1::1").status, 201)
        assertRefused(try create(api, from: "192.0.2.1"), saying: "server")
        assertRefused(try create(api, from: "2001:db8:2::1"), saying: "server")
        let metrics = try api.get("/metrics").text
        XCTAssertTrue(metrics.contains("gif_bff_installs 2\n"), "two made")
    }

    /// Issue 44.4: 36 addresses in 18 /24s made the server's installs for the hour, then every new
    /// user on every network got 429. Here, with the server's 100: eight addresses in four /24s
    /// (each /24 in a /16 of its own) ask 15 times each, 120 in all; each /24 holds at most a
    /// tenth of what is left, so a new user on another network still gets an install.
    func testAFewNetworksCannotSpendTheServersInstallsForEveryone() throws {
        let api = try proxied { $0.perServer = 100 }
        let flooders = ["198.51.100", "203.0.113", "192.0.2", "100.64.0"].flatMap { network in ["\(network).1", "\(network).2"] }
        var made = 0
        var shareRefusal: RawClient.Response?
        for _ in 0..<15 {
            for address in flooders {
                let answer = try create(api, from: address)
                if answer.status == 201 { made += 1 } else { shareRefusal = shareRefusal ?? answer }
            }
        }
        // c < (100 - 4c) / 10 for each of the four: 8 each.
        XCTAssertLessThanOrEqual(made, 40, "the flood took \(made) of the server's 100")
        let refusal = try XCTUnwrap(shareRefusal)
        assertRefused(refusal, saying: "its share of the installs this server has left")
        XCTAssertEqual(try create(api, from: "198.18.0.1").status, 201, "a new user on another network")
        XCTAssertEqual(try create(api, from: "2001:db8:1::1").status, 201, "and on an IPv6 one")
        XCTAssertEqual(try create(api, from: "198.51.101.1").status, 201, "and on the flooders' neighbouring /24")
    }

    /// Many /48s of one /32 (a tunnel broker's, say), like many /24s of one /16, hold together at
    /// most a quarter of what the server has left.
    func testManyNetworksOfOneBlockHoldOnlyItsShare() throws {
        let api = try proxied { $0.perServer = 100 }
        var made = 0
        var blockRefusal: RawClient.Response?
        for round in 0..<3 {
            for network in 0..<12 {
                let answer = try create(api, from: "2001:db8:\(network + 1):\(round)::1")
                if answer.status == 201 { made += 1 } else { blockRefusal = blockRefusal ?? answer }
            }
        }
        // c < (100 - c) / 4: 20; 21 when the refill and the fading of the milliseconds between the
        // requests lift the share past 20 before the 21st asks (a 22nd would need minutes).
        XCTAssertTrue((20...21).contains(made), "one /32's networks made \(made)")
        assertRefused(try XCTUnwrap(blockRefusal), saying: "IPv6 /32")
        assertRefused(try create(api, from: "2001:db8:ff::1"), saying: "IPv6 /32")
        XCTAssertEqual(try create(api, from: "2001:db9:1::1").status, 201, "another /32")
    }
}

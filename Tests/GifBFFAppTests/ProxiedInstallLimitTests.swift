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
}

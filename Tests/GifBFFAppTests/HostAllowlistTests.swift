import API
import Foundation
@testable import GifBFFApp
import TestSupport
import XCTest

/// The Host allowlist against the real server (issue 13, item 3): 421 before routing for any
/// other name, the loopback names and the bound address by default, a list and `*` configured.
final class HostAllowlistTests: XCTestCase {
    /// One request with exactly these head lines (no Host unless given).
    private func send(_ api: APIHarness, _ head: String, body: String = "") throws -> RawClient.Response {
        let client = try RawClient(port: api.app.port, timeout: 10)
        try client.send(head + "\r\n\r\n" + body)
        return try client.readResponse()
    }

    func testAnotherHostGets421BeforeRoutingAndNothingChanges() throws {
        let api = try APIHarness(self)
        let port = api.app.port
        for target in ["/healthz", "/nowhere", "/favorites"] {
            let response = try send(api, "GET \(target) HTTP/1.1\r\nHost: evil.example:\(port)")
            XCTAssertEqual(response.status, 421, target)
            XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
            XCTAssertEqual(response.json?["code"] as? String, "host_not_allowed", target)
            XCTAssertEqual(response.json?["status"] as? Int, 421)
        }
        let id = try XCTUnwrap((api.get("/trending?limit=1").json?["data"] as? [[String: Any]])?.first?["id"] as? String)
        let json = "{\"id\":\"\(id)\"}"
        let post = try send(api, "POST /favorites HTTP/1.1\r\nHost: rebound.example\r\nOrigin: http://rebound.example\r\n"
                                + "Content-Type: application/json\r\nContent-Length: \(json.utf8.count)", body: json)
        XCTAssertEqual(post.status, 421)
        XCTAssertEqual(try api.get("/favorites").json?["count"] as? Int, 0)
    }

    func testTheLoopbackNamesAreAllowedOnAnyPort() throws {
        let api = try APIHarness(self)
        let port = api.app.port
        for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "LocalHost", "localhost.:80", "127.0.0.1"] {
            XCTAssertEqual(try send(api, "GET /healthz HTTP/1.1\r\nHost: \(host)").status, 200, host)
        }
        for host in ["localhost.evil.example", "127.0.0.2:\(port)", "evil.example"] {
            XCTAssertEqual(try send(api, "GET /healthz HTTP/1.1\r\nHost: \(host)").status, 421, host)
        }
    }

    func testHTTP10WithoutHostIsAnswered() throws {
        // No browser sends a request without Host, so it cannot be a rebinding page.
        let api = try APIHarness(self)
        XCTAssertEqual(try send(api, "GET /healthz HTTP/1.0").status, 200)
    }

    func testAConfiguredListKeepsTheBoundAddressAndStarAcceptsAny() throws {
        let list = try HostAllowlist(parsing: "gifs.local, 192.168.1.20")
        let listed = try APIHarness(self) { $0.allowedHosts = list }
        for host in ["gifs.local:8080", "192.168.1.20:8080", "127.0.0.1:\(listed.app.port)"] {
            XCTAssertEqual(try send(listed, "GET /healthz HTTP/1.1\r\nHost: \(host)").status, 200, host)
        }
        XCTAssertEqual(try send(listed, "GET /healthz HTTP/1.1\r\nHost: localhost").status, 421)

        let star = try HostAllowlist(parsing: "*")
        let any = try APIHarness(self) { $0.allowedHosts = star }
        XCTAssertEqual(try send(any, "GET /healthz HTTP/1.1\r\nHost: anything.example").status, 200)
    }

    func testTheBoundAddressIsAddedButNotTheWildcards() {
        XCTAssertTrue(HostAllowlist.loopback.adding(boundAddress: "192.168.1.20").allows(hostHeader: "192.168.1.20:8080"))
        XCTAssertTrue(HostAllowlist.loopback.adding(boundAddress: "fe80::1").allows(hostHeader: "[fe80::1]:8080"))
        XCTAssertFalse(HostAllowlist.loopback.adding(boundAddress: "0.0.0.0").allows(hostHeader: "0.0.0.0:8080"))
        XCTAssertFalse(HostAllowlist.loopback.adding(boundAddress: "::").allows(hostHeader: "[::]:8080"))
        XCTAssertTrue(HostAllowlist.loopback.adding(boundAddress: "0.0.0.0").allows(hostHeader: "localhost:8080"))
    }
}

@testable import HTTPServer
import TestSupport
import XCTest

/// New connections are spread over the loops, whichever loop epoll wakes to accept them.
final class LoopBalanceTests: XCTestCase {
    func testConnectionsOpenedOneAfterAnotherAreSpreadEvenly() async throws {
        let server = try TestServer.started(for: self)
        var clients: [RawClient] = []
        for _ in 0..<40 {
            let client = try server.client()
            try client.send(request("GET", "/healthz"))
            XCTAssertEqual(try client.readResponse().status, 200)
            clients.append(client)
        }
        let counts = server.server.connectionsPerLoop
        XCTAssertEqual(counts.count, 2)
        XCTAssertEqual(counts.reduce(0, +), 40)
        XCTAssertLessThanOrEqual((counts.max() ?? 0) - (counts.min() ?? 0), 1, "connections per loop: \(counts)")
        // Each loop answers its share; a closed connection leaves its loop's count.
        for client in clients.prefix(10) { client.reset() }
        // TestSupport's wait (2 s here before: no margin for a sanitizer on a loaded machine).
        try await waitUntil("the reset connections left their loops", timeout: eventTimeout) { server.server.connectionsPerLoop.reduce(0, +) == 30 }
        for client in clients.suffix(30) {
            try client.send(request("GET", "/healthz"))
            XCTAssertEqual(try client.readResponse().status, 200)
        }
    }

    func testABurstOfConnectionsIsSpreadEvenly() async throws {
        let server = try TestServer.started(for: self)
        // Connected before any is served, as a load generator opens its connections.
        let clients = try (0..<64).map { _ in try server.client() }
        for client in clients { try client.send(request("GET", "/healthz")) }
        for client in clients { XCTAssertEqual(try client.readResponse().status, 200) }
        let counts = server.server.connectionsPerLoop
        XCTAssertEqual(counts.reduce(0, +), 64)
        XCTAssertLessThanOrEqual((counts.max() ?? 0) - (counts.min() ?? 0), 1, "connections per loop: \(counts)")
    }
}

import Foundation
import Glibc
@testable import HTTPServer
import TestSupport
import XCTest

/// Issue 31.5: idle keep-alive connections no longer lock new clients out. At the connection
/// limit, a new client takes the place of the oldest idle keep-alive connection (as nginx reuses
/// them); a connection in the middle of a request is never closed for that, and with no idle
/// connection the new client gets 503 as before.
final class IdleConnectionReclaimTests: XCTestCase {
    private static let limit = 8

    private func startServer() throws -> TestServer {
        var limits = HTTPLimits()
        limits.maxConnections = Self.limit
        return try TestServer.started(for: self, limits: limits)
    }

    /// A client that has had one request answered, and keeps its connection.
    private func answeredClient(_ server: TestServer, file: StaticString = #filePath, line: UInt = #line) throws -> RawClient {
        let client = try server.client()
        try client.send(request("GET", "/healthz"))
        XCTAssertEqual(try client.readResponse().status, 200, file: file, line: line)
        return client
    }

    private func assertAdmitted(_ server: TestServer, file: StaticString = #filePath, line: UInt = #line) throws {
        let client = try server.client()
        try client.send(request("GET", "/healthz"))
        XCTAssertEqual(try client.readResponse().status, 200, "a new client at the limit", file: file, line: line)
    }

    func testANewClientAtTheLimitTakesTheOldestIdleConnectionsPlace() async throws {
        let server = try startServer()
        // The oldest leaves its last answer unread: once all of it waits in its receive queue, the
        // server has written it all and the connection is idle. Closing it must not cut that answer.
        let bodyBytes = 20_000
        let oldest = try server.client()
        try oldest.send(request("GET", "/big?bytes=\(bodyBytes)"))
        try await waitUntil("the oldest client's answer has all arrived") { Self.unreadBytes(oldest) > bodyBytes }
        var others: [RawClient] = []
        for _ in 1..<Self.limit { others.append(try answeredClient(server)) }

        try assertAdmitted(server)

        // The oldest idle connection was the one closed, after its last answer, whole.
        let answer = try oldest.readResponse()
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.body, [UInt8](repeating: 0x61, count: bodyBytes))
        XCTAssertTrue(oldest.isClosedByServer(), "the oldest idle connection was not the one closed")
        for (index, client) in others.enumerated() {
            try client.send(request("GET", "/healthz"))
            XCTAssertEqual(try client.readResponse().status, 200, "idle client \(index + 1) was closed too")
        }
        try await waitUntil("the reclaim is logged") {
            server.logSink.capturedText.contains("idle keep-alive connections are closed to admit new ones")
        }
    }

    func testAConnectionInTheMiddleOfARequestIsNeverClosedToAdmitAnother() throws {
        let server = try startServer()
        let held = try (0..<Self.limit).map { _ in try answeredClient(server) }
        // The seven oldest are in the middle of their next request: the server has read its head
        // (it said 100 Continue) and waits for the body. Only the newest is idle.
        let busy = held.prefix(Self.limit - 1)
        for client in busy {
            try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
            XCTAssertEqual(try client.readResponse().status, 100)
        }

        try assertAdmitted(server)

        XCTAssertTrue(held[Self.limit - 1].isClosedByServer(), "the one idle connection was not the one closed")
        for (index, client) in busy.enumerated() {
            try client.send("hello")
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 200, "client \(index) in the middle of a request")
            XCTAssertEqual(response.text, "hello")
        }
    }

    func testWithEveryConnectionInTheMiddleOfARequestTheNextClientGets503() throws {
        let server = try startServer()
        let held = try (0..<Self.limit).map { _ in try answeredClient(server) }
        // Each has sent half the head of its next request.
        for client in held { try client.send("GET /echo/late HTTP/1.1\r\nHost: a\r\n") }

        let refused = try server.client()
        let response = try refused.readResponse()
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.json?["code"] as? String, "too_many_connections")
        XCTAssertTrue(refused.isClosedByServer())
        for (index, client) in held.enumerated() {
            try client.send("\r\n")
            XCTAssertEqual(try client.readResponse().status, 200, "client \(index) in the middle of a request")
        }
        // Answered, they are idle again: the next client takes the place of one.
        try assertAdmitted(server)
    }

    /// Issue 44.1: a connection that has sent nothing yet goes before any that has had an answer
    /// (before, it was never closed, so sockets that send nothing could hold every slot).
    func testAClientThatHasNotSentItsFirstRequestGoesBeforeAnIdleOne() async throws {
        let server = try startServer()
        // Connected first, so older than any idle one, but silent. Each is accepted before the
        // next connects: a connection's age is when a loop accepted it, and two loops taking
        // sockets connected microseconds apart may read the clock in either order (it happened
        // under ASan in CI), so the one connected first need not be the oldest.
        let loopback = try XCTUnwrap(ClientKeyTests.key(ipv4: "127.0.0.1"))
        var silent: [RawClient] = []
        for count in 1...Self.limit / 2 {
            silent.append(try server.client())
            try await waitUntil("silent connection \(count) was accepted") {
                server.server.clientConnectionCount(of: loopback) == count
            }
        }
        // Answered after the silent ones were taken in, so each loop has seen them by then.
        let answered = try (0..<Self.limit / 2).map { _ in try answeredClient(server) }

        try assertAdmitted(server)

        XCTAssertTrue(silent[0].closes(within: 2), "the connection silent longest was not the one closed")
        for (index, client) in answered.enumerated() {
            try client.send(request("GET", "/healthz"))
            XCTAssertEqual(try client.readResponse().status, 200, "answered client \(index)")
        }
    }

    /// Bytes the server has sent that the client has not read.
    private static func unreadBytes(_ client: RawClient) -> Int {
        var count: Int32 = 0
        return ioctl(client.fd, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }
}

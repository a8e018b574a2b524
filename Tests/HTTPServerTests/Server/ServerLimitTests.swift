import Foundation
import Glibc
@testable import HTTPServer
import Synchronization
import TestSupport
import XCTest

/// Each limit answered with its status and a problem body, then close.
final class ServerLimitTests: XCTestCase {
    private func assertProblem(_ response: RawClient.Response, _ status: Int, _ code: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, file: file, line: line)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json", file: file, line: line)
        XCTAssertEqual(response.json?["code"] as? String, code, file: file, line: line)
        XCTAssertEqual(response.json?["status"] as? Int, status, file: file, line: line)
    }

    func testSlowlorisHeadGets408() async throws {
        var limits = HTTPLimits()
        limits.headTimeout = .milliseconds(400)
        let server = try TestServer(limits: limits)
        let client = try server.client(timeout: eventTimeoutSeconds)
        try client.send("GET /healthz HTTP/1.1\r\nHost: a\r\nX-Slow: ")
        // Keep dribbling a byte of a header well inside the timeout each time, never finishing the
        // head: the 408 comes while the dribble goes on, as the head's deadline is not moved by its
        // bytes. (The dribble's end, 20 s on, is only there to end a broken run before the client's.)
        let dribbler = Dribbler(client.fd, "a", everyMicroseconds: 100_000, times: 200)
        defer { dribbler.stop() }
        let response = try client.readResponse()
        assertProblem(response, 408, "request_timeout")
        XCTAssertFalse(dribbler.ranOut, "the 408 came only once the dribble had stopped")
        XCTAssertTrue(client.isClosedByServer())
        await server.stop()
    }

    func testIdleKeepAliveConnectionIsClosed() async throws {
        var limits = HTTPLimits()
        limits.idleTimeout = .milliseconds(300)
        let server = try TestServer(limits: limits)
        let client = try server.client(timeout: eventTimeoutSeconds)
        try client.send(request("GET", "/healthz"))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertNil(response.header("Connection"), "kept alive: only its idleness can close it")
        XCTAssertTrue(client.isClosedByServer())
        await server.stop()
    }

    func testHeaderSectionOverTheLimitGets431() async throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send("GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "x", count: 40 * 1024))\r\n\r\n")
        assertProblem(try client.readResponse(), 431, "header_fields_too_large")
        XCTAssertTrue(client.isClosedByServer())
        let many = try server.client()
        try many.send("GET /healthz HTTP/1.1\r\nHost: a\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n")
        assertProblem(try many.readResponse(), 431, "header_fields_too_large")
        await server.stop()
    }

    func testBodyOverTheLimitGets413BeforeTheBodyIsRead() async throws {
        var limits = HTTPLimits()
        limits.maxBodyBytes = 1000
        let server = try TestServer(limits: limits)
        let client = try server.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1001\r\n\r\n")
        assertProblem(try client.readResponse(), 413, "content_too_large")
        XCTAssertTrue(client.isClosedByServer())
        let chunked = try server.client()
        try chunked.send("POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "200\r\n\(String(repeating: "a", count: 512))\r\n200\r\n\(String(repeating: "a", count: 512))\r\n")
        assertProblem(try chunked.readResponse(), 413, "content_too_large")
        await server.stop()
    }

    func testDefaultBodyLimitIsOneMebibyte() async throws {
        let server = try TestServer()
        let exact = try server.client(timeout: 10)
        let body = String(repeating: "z", count: 1024 * 1024)
        try exact.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        XCTAssertEqual(try exact.readResponse().body.count, 1024 * 1024)
        let over = try server.client()
        try over.send("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: \(1024 * 1024 + 1)\r\n\r\n")
        assertProblem(try over.readResponse(), 413, "content_too_large")
        await server.stop()
    }

    func testRequestLineOverTheLimitGets414() async throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: a\r\n\r\n")
        assertProblem(try client.readResponse(), 414, "uri_too_long")
        XCTAssertTrue(client.isClosedByServer())
        await server.stop()
    }

    func testConnectionsOverTheLimitGet503() async throws {
        var limits = HTTPLimits()
        limits.maxConnections = 4
        let server = try TestServer(limits: limits)
        // Clients in the middle of their second request, so none is closed to make room (a silent
        // one or an idle keep-alive one would be: ClientConnectionLimitTests, IdleConnectionReclaimTests).
        var held = try (0..<4).map { _ in try server.client() }
        for client in held {
            try client.send(request("GET", "/healthz"))
            XCTAssertEqual(try client.readResponse().status, 200)
            try client.send("GET /healthz HTTP/1.1\r\n")
        }
        // Each one's second request has been read: none is idle, so none can make room.
        try await waitUntil("the server has read every held connection's second request", timeout: eventTimeout) {
            server.server.loopsWithIdleConnections == 0
        }
        XCTAssertEqual(server.server.connectionsPerLoop.reduce(0, +), 4)
        let refused = try server.client(timeout: eventTimeoutSeconds)
        let response: RawClient.Response
        do {
            response = try refused.readResponse()
        } catch {
            XCTFail("no 503 for the client over the limit (\(error)); connections per loop: \(server.server.connectionsPerLoop)")
            throw error
        }
        assertProblem(response, 503, "too_many_connections")
        XCTAssertTrue(refused.isClosedByServer())
        // A slot frees when one closes.
        held.removeFirst()
        try await waitUntil("the server saw the close", timeout: eventTimeout) { server.server.connectionsPerLoop.reduce(0, +) == 3 }
        let admitted = try server.client()
        try admitted.send(request("GET", "/healthz"))
        XCTAssertEqual(try admitted.readResponse().status, 200)
        // Gone, so the stop does not wait out their half-sent requests.
        held.removeAll()
        await server.stop()
    }

    func testConnectionsResetByClientsFreeTheirSlots() async throws {
        var limits = HTTPLimits()
        limits.maxConnections = 3
        // No timeout frees a half-sent request's slot while the test runs: only the reset does.
        limits.headTimeout = .seconds(3600)
        let server = try TestServer(limits: limits)
        for round in 0..<3 {
            for _ in 0..<3 {
                let client = try server.client()
                // Half a request, then a reset: the server sees the bytes and then ECONNRESET.
                try client.send("GET /healthz HTTP/1.1\r\nHost: a\r\n")
                try await Task.sleep(for: .milliseconds(20))
                client.reset()
            }
            try await waitUntil("round \(round): the server let go of the reset connections", timeout: eventTimeout) {
                server.server.connectionsPerLoop.reduce(0, +) == 0
            }
            let admitted = try server.client()
            try admitted.send(request("GET", "/healthz", headers: ["Connection: close"]))
            XCTAssertEqual(try admitted.readResponse().status, 200, "round \(round): reset connections still counted")
        }
        await server.stop()
    }

    func testAReaderThatNeverReadsIsClosedAfterTheIdleTimeout() async throws {
        var limits = HTTPLimits()
        limits.maxConnections = 2
        limits.idleTimeout = .milliseconds(300)
        let server = try TestServer(limits: limits, grace: .milliseconds(200))
        let stuck = try server.client()
        try stuck.send(request("GET", "/big?bytes=\(32 * 1024 * 1024)"))
        try await waitUntil("the answer is on its way", timeout: eventTimeout) { stuck.unreadByteCount > 0 }
        try await waitUntil("the reader that never reads was closed", timeout: eventTimeout) {
            server.server.connectionsPerLoop.reduce(0, +) == 0
        }
        // Its slot is free again: two more connections are served.
        let first = try server.client()
        let second = try server.client()
        for client in [first, second] {
            try client.send(request("GET", "/healthz"))
            XCTAssertEqual(try client.readResponse().status, 200)
        }
        await server.stop()
    }

    func testAPipelinedRequestLeftHalfSentGets408() async throws {
        var limits = HTTPLimits()
        limits.headTimeout = .milliseconds(300)
        let server = try TestServer(limits: limits)
        let client = try server.client(timeout: eventTimeoutSeconds)
        try client.send(request("GET", "/healthz") + "GET /healthz HTTP/1.1\r\nHo")
        XCTAssertEqual(try client.readResponse().status, 200)
        XCTAssertEqual(try client.readResponse().status, 408)
        await server.stop()
    }

    func testASlowReaderDoesNotBlockOthers() async throws {
        // One loop: the other client is served by the loop writing to the slow reader.
        let server = try TestServer(grace: .milliseconds(200), eventLoopCount: 1)
        let reader = try server.client()
        // Ask for far more than the socket buffers hold, and read none of it.
        try reader.send(request("GET", "/big?bytes=\(64 * 1024 * 1024)"))
        try await waitUntil("the answer is on its way", timeout: eventTimeout) { reader.unreadByteCount > 0 }
        let other = try server.client(timeout: eventTimeoutSeconds)
        try other.send(request("GET", "/healthz"))
        XCTAssertEqual(try other.readResponse().status, 200)
        XCTAssertFalse(reader.closes(within: 0), "answered while the slow reader's answer was still being written")
        await server.stop()
    }
}

/// Sends `line` on a connection at an interval, from a thread of its own, until stopped, until the
/// server closes, or `times` lines are sent (then `ranOut`). It sends on a copy of the descriptor,
/// which it closes itself, so the client may close its own at any time.
private final class Dribbler: Sendable {
    private let state = Mutex<(stopped: Bool, ranOut: Bool)>((false, false))

    init(_ fd: Int32, _ line: String, everyMicroseconds interval: useconds_t, times: Int) {
        let copy = dup(fd)
        Thread.detachNewThread { [self] in send(Array(line.utf8), on: copy, every: interval, times: times) }
    }

    private func send(_ bytes: [UInt8], on fd: Int32, every interval: useconds_t, times: Int) {
        defer { close(fd) }
        for _ in 0..<times {
            usleep(interval)
            if state.withLock({ $0.stopped }) { return }
            guard Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { return }
        }
        state.withLock { $0.ranOut = true }
    }

    var ranOut: Bool { state.withLock { $0.ranOut } }

    func stop() { state.withLock { $0.stopped = true } }
}

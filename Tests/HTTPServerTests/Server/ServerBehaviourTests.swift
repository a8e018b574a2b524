import Foundation
import Glibc
@testable import HTTPServer
import TestSupport
import XCTest

/// The real server on an ephemeral port, driven by a raw TCP client.
final class ServerBehaviourTests: XCTestCase {
    func testHealthzAnswersWithJSONAndTheServerHeaders() async throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send(request("GET", "/healthz"))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "{\"status\":\"ok\"}")
        XCTAssertEqual(response.header("Content-Type"), "application/json")
        XCTAssertEqual(response.header("Content-Length"), "15")
        XCTAssertNotNil(response.header("Date").flatMap { $0.hasSuffix(" GMT") ? $0 : nil })
        await server.stop()
    }

    func testKeepAliveReusesTheConnection() async throws {
        let server = try TestServer()
        let client = try server.client()
        for word in ["one", "two", "three"] {
            try client.send(request("GET", "/echo/\(word)"))
            let response = try client.readResponse()
            XCTAssertEqual(response.json?["word"] as? String, word)
            XCTAssertNil(response.header("Connection"))
        }
        await server.stop()
    }

    func testThreePipelinedRequestsInOneWriteAreAnsweredInOrder() async throws {
        let server = try TestServer()
        let client = try server.client()
        // The first is slow, so answers in order prove they wait for it.
        try client.send(request("GET", "/sleep?ms=200") + request("GET", "/echo/two") + request("POST", "/echo", body: "three"))
        XCTAssertEqual(try client.readResponse().json?["slept_ms"] as? Int, 200)
        XCTAssertEqual(try client.readResponse().json?["word"] as? String, "two")
        XCTAssertEqual(try client.readResponse().text, "three")
        await server.stop()
    }

    func testARequestDribbledOneByteAtATimeIsServed() async throws {
        let server = try TestServer()
        let client = try server.client()
        for byte in Array(request("POST", "/echo", body: "dribble").utf8) {
            try client.send([byte])
            usleep(500)
        }
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "dribble")
        await server.stop()
    }

    func testChunkedRequestBodyIsDecoded() async throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n5\r\npedia\r\n0\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "Wikipedia")
        await server.stop()
    }

    func testExpectContinueGets100BeforeTheBodyIsSent() async throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 100)
        try client.send("body")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "body")
        await server.stop()
    }

    func testHeadHasTheSameHeadersAsGetAndNoBody() async throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send(request("GET", "/echo/abc"))
        let get = try client.readResponse()
        try client.send(request("HEAD", "/echo/abc") + request("GET", "/healthz"))
        let head = try client.readResponse(bodyless: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), get.header("Content-Length"))
        XCTAssertEqual(head.header("Content-Type"), get.header("Content-Type"))
        XCTAssertTrue(head.body.isEmpty)
        // Had HEAD carried a body, this next response would be misread.
        XCTAssertEqual(try client.readResponse().text, "{\"status\":\"ok\"}")
        await server.stop()
    }

    func testUnknownPathIs404AndWrongMethodIs405WithAllow() async throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send(request("GET", "/nowhere"))
        let notFound = try client.readResponse()
        XCTAssertEqual(notFound.status, 404)
        XCTAssertEqual(notFound.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(notFound.json?["code"] as? String, "not_found")
        try client.send(request("DELETE", "/healthz"))
        let notAllowed = try client.readResponse()
        XCTAssertEqual(notAllowed.status, 405)
        XCTAssertEqual(notAllowed.header("Allow"), "GET, HEAD")
        XCTAssertEqual(notAllowed.json?["code"] as? String, "method_not_allowed")
        XCTAssertEqual(notAllowed.json?["status"] as? Int, 405)
        XCTAssertNotNil(notAllowed.json?["title"] as? String)
        XCTAssertNotNil(notAllowed.json?["detail"] as? String)
        XCTAssertNotNil(notAllowed.json?["type"] as? String)
        await server.stop()
    }

    func testPercentDecodedPathParameterAndQuery() async throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send(request("GET", "/echo/caf%C3%A9?q=happy+cat%26dog"))
        let json = try client.readResponse().json
        XCTAssertEqual(json?["word"] as? String, "café")
        XCTAssertEqual(json?["q"] as? String, "happy cat&dog")
        await server.stop()
    }

    func testConnectionCloseAndHTTP10CloseAfterTheResponse() async throws {
        let server = try TestServer()
        let first = try server.client()
        try first.send(request("GET", "/healthz", headers: ["Connection: close"]))
        let closing = try first.readResponse()
        XCTAssertEqual(closing.header("Connection"), "close")
        XCTAssertTrue(first.isClosedByServer())
        let second = try server.client()
        try second.send("GET /healthz HTTP/1.0\r\n\r\n")
        XCTAssertEqual(try second.readResponse().status, 200)
        XCTAssertTrue(second.isClosedByServer())
        let third = try server.client()
        try third.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(try third.readResponse().header("Connection"), "keep-alive")
        try third.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(try third.readResponse().status, 200)
        await server.stop()
    }

    func testAThrowingHandlerGets500AndTheServerKeepsServing() async throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send(request("GET", "/fail"))
        let failed = try client.readResponse()
        XCTAssertEqual(failed.status, 500)
        XCTAssertEqual(failed.json?["code"] as? String, "internal")
        XCTAssertFalse(failed.text.contains("TestFailure"), "internals must not leak")
        try client.send(request("GET", "/healthz"))
        XCTAssertEqual(try client.readResponse().status, 200)
        XCTAssertTrue(server.logSink.capturedText.contains("handler failed"))
        await server.stop()
    }

    func testASlowHandlerDoesNotDelayOtherConnections() async throws {
        let held = HeldHandlers()
        let server = try TestServer(routes: held.routes)
        addTeardownBlock {
            held.release()
            await server.stop()
        }
        let slow = try server.client(timeout: eventTimeoutSeconds)
        try slow.send(request("GET", "/held"))
        try await waitUntil("the slow request is in its handler", timeout: eventTimeout) { held.entered == 1 }
        // Clients on every loop, the slow one's included (kept open, the loops share them out
        // evenly), are answered while its handler still runs: it runs until the test lets it go,
        // so one that waited for it would get no answer.
        var others: [RawClient] = []
        for index in 0..<4 {
            let fast = try server.client(timeout: eventTimeoutSeconds)
            others.append(fast)
            try fast.send(request("GET", "/healthz"))
            XCTAssertEqual(try fast.readResponse().status, 200, "client \(index) waited for the slow handler")
        }
        let perLoop = server.server.connectionsPerLoop
        XCTAssertEqual(perLoop.reduce(0, +), others.count + 1)
        XCTAssertGreaterThanOrEqual(perLoop.min() ?? 0, 2, "the slow one's loop answered others too: \(perLoop)")
        XCTAssertEqual(held.finished, 0, "answered while the slow handler was still running")
        held.release()
        XCTAssertEqual(try slow.readResponse().status, 200)
    }

    func testEachRequestIsLoggedWithMethodPathStatusBytesAndDuration() async throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send(request("GET", "/healthz"))
        _ = try client.readResponse()
        await server.stop()
        let line = server.logSink.capturedText.split(separator: "\n").first { $0.contains("path=/healthz") }
        let text = String(line ?? "")
        for part in ["level=info", "method=GET", "status=200", "bytes=15", "duration_us="] {
            XCTAssertTrue(text.contains(part), "\(part) missing in \(text)")
        }
    }

    /// Access lines are gathered and written together, but none waits longer than the loop's
    /// timer interval (100 ms) for more traffic.
    func testAnAccessLineIsWrittenSoonWithoutFurtherTraffic() async throws {
        let server = try TestServer.started(for: self)
        let client = try server.client()
        try client.send(request("GET", "/echo/soon"))
        XCTAssertEqual(try client.readResponse().status, 200)
        try await waitUntil("the access line is written", timeout: .seconds(1)) {
            server.logSink.capturedText.contains("path=/echo/soon")
        }
    }

    func testIPv6Loopback() async throws {
        let server = try TestServer(host: "::1")
        let client = try RawClient(port: server.port, host: "::1")
        try client.send(request("GET", "/healthz"))
        XCTAssertEqual(try client.readResponse().status, 200)
        await server.stop()
    }

    func testTheIPv6WildcardAlsoServesIPv4Clients() async throws {
        let server = try TestServer(host: "::")
        for host in ["::1", "127.0.0.1"] {
            let client = try RawClient(port: server.port, host: host)
            try client.send(request("GET", "/healthz"))
            XCTAssertEqual(try client.readResponse().status, 200, host)
        }
        await server.stop()
    }

    func testMalformedRequestsGet400WithProblemJSONAndClose() async throws {
        let server = try TestServer()
        let inputs = [
            "GET / HTTP/1.1\r\nHost : a\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nX: a\r\n b\r\n\r\n",
            "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n",
            "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n",
            "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\r\n\r\n",
        ]
        for input in inputs {
            let client = try server.client()
            try client.send(input)
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 400, input)
            XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
            XCTAssertEqual(response.json?["code"] as? String, "bad_request")
            XCTAssertEqual(response.header("Connection"), "close")
            XCTAssertTrue(client.isClosedByServer(), input)
        }
        let h2 = try server.client()
        try h2.send("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        XCTAssertEqual(try h2.readResponse().status, 505)
        let gzip = try server.client()
        try gzip.send("POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n")
        XCTAssertEqual(try gzip.readResponse().status, 501)
        // Still serving.
        let client = try server.client()
        try client.send(request("GET", "/healthz"))
        XCTAssertEqual(try client.readResponse().status, 200)
        await server.stop()
    }
}

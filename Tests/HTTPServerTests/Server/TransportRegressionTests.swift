import Foundation
import HTTPServer
import TestSupport
import XCTest

/// Over real sockets: pipelining at depth, Host validation, chunk framing, and how errors are answered.
final class TransportRegressionTests: XCTestCase {
    /// Issue 16.9: pipelined work past the loop's per-turn bound must not wait for an outside wake-up.
    func testAThousandPipelinedRequestsInOneWriteAreAllAnsweredInOrder() throws {
        let server = try TestServer.started(for: self)
        let client = try server.client(timeout: 5)
        try client.send((0..<1000).map { request("GET", "/echo/w\($0)") }.joined())
        let started = Date()
        for index in 0..<1000 {
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 200)
            guard response.json?["word"] as? String == "w\(index)" else {
                return XCTFail("answer \(index) out of order: \(response.text)")
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    /// Issue 24: a short read ends reading until epoll's next edge. Bytes sent later on the same
    /// connection raise that edge and are read; a request sent with the client's end of stream
    /// right behind it is answered, and the end of stream is still seen (the server closes).
    func testAfterAShortReadLaterBytesAndTheEndOfStreamAreStillRead() throws {
        let server = try TestServer.started(for: self)
        let client = try server.client()
        for index in 0..<20 {
            try client.send(request("GET", "/echo/w\(index)"))
            XCTAssertEqual(try client.readResponse().json?["word"] as? String, "w\(index)")
        }
        // Half a request, a pause, the rest: the second part arrives after the first read came up short.
        try client.send("GET /echo/split HTTP/1.1\r\nHo")
        Thread.sleep(forTimeInterval: 0.05)
        try client.send("st: a\r\n\r\n")
        XCTAssertEqual(try client.readResponse().json?["word"] as? String, "split")
        let closing = try server.client()
        try closing.send(request("GET", "/echo/last"))
        shutdown(closing.fd, Int32(SHUT_WR))
        XCTAssertEqual(try closing.readResponse().json?["word"] as? String, "last")
        XCTAssertTrue(closing.isClosedByServer(), "the client's end of stream was read after its request")
    }

    /// Issue 16.10: RFC 9112 section 3.2 requires 400 for an invalid Host value.
    func testAnInvalidHostValueGets400AndAValidOneIsServed() throws {
        let server = try TestServer.started(for: self)
        for host in ["a b", "a/b", "a@b", "[::1", "[zz::1]", "a:8x", "a:80:81", "caf\u{e9}"] {
            let client = try server.client()
            try client.send("GET /healthz HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 400, "Host: \(host)")
            XCTAssertEqual(response.json?["code"] as? String, "bad_request", "Host: \(host)")
            XCTAssertTrue(client.isClosedByServer(), "Host: \(host)")
        }
        for host in ["example.com", "example.com:8080", "127.0.0.1:80", "[::1]:8080", "[v1.x]", "a%20b", "", "x:"] {
            let client = try server.client()
            try client.send("GET /healthz HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            XCTAssertEqual(try client.readResponse().status, 200, "Host: \(host)")
        }
    }

    /// Issue 16.11: a bare LF in chunk framing is refused, so the bytes after it are never read as a request.
    func testABareLineFeedInChunkFramingGets400AndNothingAfterItIsAnswered() throws {
        let server = try TestServer.started(for: self)
        for body in ["5;ext=1\nhello\r\n0\r\n\r\n", "5\r\nhello\n0\r\n\r\n", "5\r\nhello\r\n0\n\r\n", "5\r\nhello\r\n0\r\n\n"] {
            let client = try server.client()
            try client.send("POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" + body
                + request("GET", "/healthz"))
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 400, body.debugDescription)
            XCTAssertTrue(client.isClosedByServer(), body.debugDescription)
        }
        // Bare LF after the request line and header fields stays accepted.
        let lenient = try server.client()
        try lenient.send("POST /echo HTTP/1.1\nHost: a\nTransfer-Encoding: chunked\n\n5\r\nhello\r\n0\r\n\r\n")
        XCTAssertEqual(try lenient.readResponse().text, "hello")
    }

    func testProblemTypesStartWithTheConfiguredPrefix() throws {
        let configured = try TestServer.started(for: self, problemTypePrefix: "tag:example,2026:problem:")
        let client = try configured.client()
        try client.send(request("GET", "/missing"))
        XCTAssertEqual(try client.readResponse().json?["type"] as? String, "tag:example,2026:problem:not_found")
        try client.send("GET / HTTP/1.1\r\nHost: a b\r\n\r\n")
        XCTAssertEqual(try client.readResponse().json?["type"] as? String, "tag:example,2026:problem:bad_request")

        let plain = try TestServer.started(for: self)
        let other = try plain.client()
        try other.send(request("GET", "/fail"))
        let failed = try other.readResponse()
        XCTAssertEqual(failed.status, 500)
        XCTAssertEqual(failed.json?["type"] as? String, "urn:problem:internal")
    }

    struct Teapot: HTTPResponseError {
        func response(problemTypePrefix: String) -> HTTPResponse {
            var response = HTTPResponse.json("{\"type\":\"\(problemTypePrefix)teapot\"}", status: HTTPStatus(code: 418))
            response.headers.add(name: "X-Teapot", value: "1")
            return response
        }
    }

    func testAThrownHTTPResponseErrorIsAnsweredWithItsOwnResponse() throws {
        let server = try TestServer.started(for: self, problemTypePrefix: "p:") { router in
            router.get("/teapot") { _ in throw Teapot() }
        }
        let client = try server.client()
        try client.send(request("GET", "/teapot"))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 418)
        XCTAssertEqual(response.header("X-Teapot"), "1")
        XCTAssertEqual(response.json?["type"] as? String, "p:teapot")
        XCTAssertFalse(server.logSink.capturedText.contains("handler failed"))
    }
}

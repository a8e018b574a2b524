@testable import HTTPServer
import TestSupport
import XCTest

/// The per-connection rules with no socket: a fake clock and a fake socket (ConnectionHarness).
final class ConnectionStateMachineTests: XCTestCase {
    func testAHeadNotFinishedInTimeGets408ThenTheConnectionCloses() {
        var limits = HTTPLimits()
        limits.headTimeout = .seconds(10)
        let connection = ConnectionHarness(limits: limits)
        connection.send("GET /healthz HTTP/1.1\r\nHost: a\r\n")
        connection.tick(.seconds(6))
        // A dribble does not push the deadline back: it counts from the first byte.
        connection.send("X-Slow: 1\r\n")
        connection.tick(.seconds(3))
        XCTAssertTrue(connection.written.isEmpty)
        connection.tick(.seconds(2))
        XCTAssertEqual(connection.writtenStatuses, [408])
        XCTAssertTrue(connection.writtenText.contains("\"type\":\"urn:test:request_timeout\""))
        XCTAssertTrue(connection.writtenText.contains("Connection: close"))
        XCTAssertTrue(connection.shutDown)
        XCTAssertFalse(connection.closed)
        connection.tick(.seconds(3))
        XCTAssertTrue(connection.closed)
        XCTAssertTrue(connection.dispatched.isEmpty)
    }

    /// Body progress restarts the head timeout, but the whole request has the request timeout
    /// from its first byte: a body dribbled a byte every 5 s cannot hold the connection for long.
    func testABodyDribbledSlowlyGets408AtTheRequestTimeout() {
        var limits = HTTPLimits()
        limits.headTimeout = .seconds(10)
        limits.requestTimeout = .seconds(60)
        let connection = ConnectionHarness(limits: limits)
        connection.send("POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n")
        var waited = 0
        while connection.written.isEmpty && waited < 1000 {
            connection.tick(.seconds(5))
            waited += 5
            connection.send("x")
        }
        XCTAssertEqual(connection.writtenStatuses, [408])
        XCTAssertEqual(waited, 60, "408 when the request timeout passed, not before, not later")
        XCTAssertTrue(connection.dispatched.isEmpty)
    }

    /// The request timeout counts per request: a keep-alive connection's second request has its own.
    func testEachRequestHasItsOwnRequestTimeout() {
        var limits = HTTPLimits()
        limits.headTimeout = .seconds(10)
        limits.requestTimeout = .seconds(30)
        let connection = ConnectionHarness(limits: limits)
        connection.send(request("GET", "/1"))
        connection.tick(.seconds(25))
        connection.finish()
        connection.tick(.seconds(25))
        connection.send("POST /e HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n")
        for _ in 0..<5 {
            connection.tick(.seconds(5))
            connection.send("x")
        }
        XCTAssertEqual(connection.writtenStatuses, [200], "25 s into the second request: still reading")
        connection.tick(.seconds(6))
        XCTAssertEqual(connection.writtenStatuses, [200, 408])
    }

    /// The request handed to the handler carries the loop's reading of the clock when it woke to
    /// read it, its answer is timed from there, and a changed limit changes the timeouts.
    func testADispatchedRequestCarriesWhenItWasReadAndTimeoutsFollowTheLimits() {
        var limits = HTTPLimits()
        limits.idleTimeout = .seconds(60)
        let connection = ConnectionHarness(limits: limits)
        connection.clock.advance(.seconds(5))
        // The loop read its clock 2 ms before this connection's turn came.
        connection.clock.recentLag = 2_000_000
        let readAt = connection.clock.recent
        connection.send(request("GET", "/healthz"))
        XCTAssertEqual(connection.dispatched.first?.receivedAt, readAt)
        connection.clock.advance(.milliseconds(3))
        connection.finish()
        XCTAssertEqual(connection.logged.first?.durationNanoseconds, 5_000_000, "timed from the loop's reading")
        XCTAssertEqual(connection.machine.deadline, connection.clock.recent + 60_000_000_000)
        limits.idleTimeout = .milliseconds(1500)
        XCTAssertEqual(ConnectionSettings(limits: limits, problemTypePrefix: "").timeouts.idle, 1_500_000_000)
    }

    func testAnIdleKeepAliveConnectionClosesQuietlyAfterTheIdleTimeout() {
        var limits = HTTPLimits()
        limits.idleTimeout = .seconds(60)
        let connection = ConnectionHarness(limits: limits)
        connection.send(request("GET", "/healthz"))
        XCTAssertEqual(connection.dispatched.count, 1)
        connection.tick(.seconds(120))
        XCTAssertFalse(connection.closed, "no deadline while the handler runs")
        connection.finish()
        XCTAssertEqual(connection.writtenStatuses, [200])
        let answered = connection.written.count
        connection.tick(.seconds(59))
        XCTAssertFalse(connection.closed)
        connection.tick(.seconds(2))
        XCTAssertTrue(connection.closed)
        XCTAssertFalse(connection.shutDown, "an idle close sends nothing and does not linger")
        XCTAssertEqual(connection.written.count, answered)
    }

    /// Empty lines before a request are allowed (RFC 9112 2.2) but are no request: a client that
    /// sends one now and then must not restart the clock and hold its connection for good.
    func testEmptyLinesAloneDoNotKeepAnIdleConnectionOpen() {
        var limits = HTTPLimits()
        limits.idleTimeout = .seconds(60)
        limits.headTimeout = .seconds(10)
        let connection = ConnectionHarness(limits: limits)
        for _ in 0..<10 {
            connection.tick(.seconds(9))
            guard !connection.closed else { break }
            connection.send("\r\n")
        }
        XCTAssertTrue(connection.closed, "closed by its first deadline despite an empty line every 9 s")
    }

    func testAClosingConnectionLingersDrainingInputThenCloses() {
        let connection = ConnectionHarness()
        connection.send(request("GET", "/healthz", headers: ["Connection: close"]))
        connection.finish()
        XCTAssertEqual(connection.writtenStatuses, [200])
        XCTAssertTrue(connection.shutDown)
        XCTAssertEqual(connection.machine.phase, .lingering)
        // What the client still sends is taken and dropped, not answered.
        connection.send(request("GET", "/ignored"))
        XCTAssertTrue(connection.unsentInput.isEmpty)
        XCTAssertEqual(connection.dispatched.count, 1)
        XCTAssertFalse(connection.closed)
        connection.sendEnd()
        XCTAssertTrue(connection.closed)

        // A client that never closes is closed when the linger time ends.
        let silent = ConnectionHarness()
        silent.send(request("GET", "/healthz", headers: ["Connection: close"]))
        silent.finish()
        silent.tick(.milliseconds(1900))
        XCTAssertFalse(silent.closed)
        silent.tick(.milliseconds(200))
        XCTAssertTrue(silent.closed)
    }

    func testPipelinedRequestsRunOneHandlerAtATimeAndAreAnsweredInOrder() {
        let connection = ConnectionHarness()
        connection.send(request("GET", "/1") + request("POST", "/2", body: "xy") + request("GET", "/3"))
        XCTAssertEqual(connection.dispatched.map(\.path), ["/1"])
        connection.finish(.json("\"one\""))
        XCTAssertEqual(connection.dispatched.map(\.path), ["/1", "/2"])
        connection.finish(HTTPResponse(status: .created, contentType: "application/json", body: Array("\"two\"".utf8)))
        connection.finish(.json("\"three\""))
        XCTAssertEqual(connection.dispatched.map(\.path), ["/1", "/2", "/3"])
        XCTAssertEqual(connection.writtenStatuses, [200, 201, 200])
        let text = connection.writtenText
        let positions = ["\"one\"", "\"two\"", "\"three\""].compactMap { text.range(of: $0)?.lowerBound }
        XCTAssertEqual(positions.count, 3)
        XCTAssertEqual(positions, positions.sorted())
        XCTAssertFalse(connection.closed)
    }

    func testOutputWaitingForTheClientStopsInputAndRequests() {
        let connection = ConnectionHarness()
        connection.socketRoom = 1000
        connection.send(request("GET", "/big"))
        connection.finish(HTTPResponse(status: .ok, contentType: "application/octet-stream",
                                       body: [UInt8](repeating: 0x61, count: 200_000)))
        XCTAssertTrue(connection.machine.hasPendingOutput)
        // The client keeps pipelining: the machine takes up to its bound, the rest stays in the kernel.
        let next = request("GET", "/next")
        connection.send(String(repeating: next, count: 10_000))
        XCTAssertEqual(connection.machine.unreadInput, connection.settings.pipelineBufferLimit)
        XCTAssertEqual(connection.machine.inputCapacity, 0)
        XCTAssertFalse(connection.unsentInput.isEmpty)
        XCTAssertEqual(connection.dispatched.count, 1, "no new request while the answer waits")
        connection.socketDrained()
        XCTAssertFalse(connection.machine.hasPendingOutput)
        XCTAssertEqual(connection.dispatched.count, 2)
        XCTAssertEqual(connection.dispatched.last?.path, "/next")
    }

    func testAThousandPipelinedRequestsAreAllAnsweredInOrder() {
        let connection = ConnectionHarness()
        connection.send((0..<1000).map { request("GET", "/echo/\($0)") }.joined())
        var answered = 0
        while answered < connection.dispatched.count {
            let path = connection.dispatched[answered].path
            connection.finish(.json("{\"path\":\"\(path)\"}"))
            answered += 1
        }
        XCTAssertEqual(answered, 1000)
        XCTAssertEqual(connection.dispatched.map(\.path), (0..<1000).map { "/echo/\($0)" })
        XCTAssertEqual(connection.writtenStatuses.count, 1000)
        XCTAssertTrue(connection.writtenText.hasSuffix("{\"path\":\"/echo/999\"}"))
        XCTAssertFalse(connection.closed)
    }

    func testAMalformedRequestGets400WithTheConfiguredProblemTypeThenCloses() {
        let connection = ConnectionHarness()
        connection.send("GET / HTTP/1.1\r\nHost: a b\r\n\r\n" + request("GET", "/after"))
        XCTAssertEqual(connection.writtenStatuses, [400])
        XCTAssertTrue(connection.writtenText.contains("\"type\":\"urn:test:bad_request\""))
        XCTAssertTrue(connection.dispatched.isEmpty)
        XCTAssertTrue(connection.shutDown)
        XCTAssertNil(connection.logged.first?.method)
        XCTAssertEqual(connection.logged.first?.status, 400)
    }

    func testDrainClosesAnIdleConnectionAndLetsABusyOneFinishWithClose() {
        let idle = ConnectionHarness()
        idle.send(request("GET", "/healthz"))
        idle.finish()
        idle.drain()
        XCTAssertTrue(idle.closed)

        let busy = ConnectionHarness()
        busy.send(request("GET", "/sleep"))
        busy.drain()
        XCTAssertFalse(busy.closed)
        busy.finish()
        XCTAssertEqual(busy.writtenStatuses, [200])
        XCTAssertTrue(busy.writtenText.contains("Connection: close"))
        XCTAssertTrue(busy.shutDown)
    }

    /// The drain before a stop (issue 33.3): an idle keep-alive connection stays open for its next
    /// request, which is answered, as is the one in progress, with `Connection: close`.
    func testClosingAfterEachAnswerKeepsAnIdleConnectionAndClosesAfterItsNextAnswer() {
        let idle = ConnectionHarness()
        idle.send(request("GET", "/healthz"))
        idle.finish()
        XCTAssertFalse(idle.writtenText.contains("Connection: close"), "kept alive before")
        idle.machine.closeAfterEachAnswer()
        XCTAssertFalse(idle.closed, "an idle connection waits for its next request")
        idle.send(request("GET", "/search"))
        idle.finish()
        XCTAssertEqual(idle.writtenStatuses, [200, 200])
        XCTAssertTrue(idle.writtenText.hasSuffix("{\"ok\":true}"))
        XCTAssertEqual(idle.writtenText.components(separatedBy: "Connection: close").count - 1, 1, "the second answer only")
        XCTAssertTrue(idle.shutDown)

        let busy = ConnectionHarness()
        busy.send(request("GET", "/sleep"))
        busy.machine.closeAfterEachAnswer()
        busy.finish()
        XCTAssertTrue(busy.writtenText.contains("Connection: close"), "the answer in progress too")
        XCTAssertTrue(busy.shutDown)
    }

    func testAHeadRequestIsAnsweredWithoutItsBody() {
        let connection = ConnectionHarness()
        connection.send(request("HEAD", "/healthz"))
        connection.finish(.json("{\"status\":\"ok\"}"))
        XCTAssertTrue(connection.writtenText.hasSuffix("\r\n\r\n"))
        XCTAssertTrue(connection.writtenText.contains("Content-Length: 15"))
    }

    /// What may be closed to admit a new client at the connection limit (issue 31.5): only a
    /// connection that has answered a request, sent all of it, and read nothing of the next.
    func testOnlyAConnectionWaitingForItsNextRequestIsIdleKeepAlive() {
        let connection = ConnectionHarness()
        XCTAssertNil(connection.machine.idleKeepAliveSince, "first request not sent yet")
        connection.send(request("GET", "/1"))
        XCTAssertNil(connection.machine.idleKeepAliveSince, "handling")
        connection.socketRoom = 10
        let firstAnswer = connection.clock.now
        connection.finish()
        XCTAssertNil(connection.machine.idleKeepAliveSince, "answer not all sent")
        connection.clock.advance(.seconds(1))
        connection.socketDrained()
        XCTAssertEqual(connection.machine.idleKeepAliveSince, firstAnswer, "idle since the answer was given")
        connection.send("\r\n")
        XCTAssertEqual(connection.machine.idleKeepAliveSince, firstAnswer, "an empty line starts no request")
        connection.send("POST /2 HTTP/1.1\r\nHost: a\r\n")
        XCTAssertNil(connection.machine.idleKeepAliveSince, "half a head read")
        connection.send("Expect: 100-continue\r\nContent-Length: 3\r\n\r\n")
        XCTAssertEqual(connection.writtenStatuses.last, 100)
        XCTAssertNil(connection.machine.idleKeepAliveSince, "the body awaited")
        connection.send("abc")
        XCTAssertEqual(connection.dispatched.count, 2)
        connection.clock.advance(.seconds(1))
        let secondAnswer = connection.clock.now
        connection.finish()
        XCTAssertEqual(connection.machine.idleKeepAliveSince, secondAnswer)
        connection.drain()
        XCTAssertNil(connection.machine.idleKeepAliveSince, "closed")
    }
}

import Primitives
import HTTPServer
import TestSupport
import XCTest

/// A route's handler runs on the event loop that read the request: a ready answer is sent with no
/// worker; a pending one is waited for on a worker. Both ways give the same framing, problems and order.
final class ReadyOrPendingAnswerTests: XCTestCase {
    private struct Refused: Error {}

    private static func routes(_ router: inout RouterBuilder) {
        // The answer is in memory when the query says so; else only the worker has it.
        router.on(.get, "/kept") { request in
            request.query["kept"] == "yes" ? .ready(.json("{\"way\":\"at once\"}")) : .pending { .json("{\"way\":\"worker\"}") }
        }
        router.on(.get, "/invalid") { _ in
            throw ProblemDetails(status: .badRequest, code: "invalid_thing", title: "Invalid thing", detail: "It is invalid.")
        }
        router.on(.get, "/broken") { _ in throw Refused() }
        router.on(.get, "/failing-wait") { _ in .pending { throw Refused() } }
        router.immediate(.get, "/now") { _ in .json("{\"way\":\"immediate\"}") }
        router.get("/sleep") { _ in
            try await Task.sleep(for: .milliseconds(150))
            return .json("{\"way\":\"slept\"}")
        }
    }

    private func way(_ response: RawClient.Response) -> String? { response.json?["way"] as? String }

    func testAnAnswerInMemoryIsSentWithoutAWorker() async throws {
        let server = try TestServer.started(for: self, routes: Self.routes)
        let client = try server.client()
        try client.send(request("GET", "/kept?kept=yes"))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(way(response), "at once")
        XCTAssertEqual(response.header("Content-Length"), "\(response.body.count)")
        XCTAssertNotNil(response.header("Date"))
        XCTAssertEqual(server.server.answerCounts.ready, 1)
        XCTAssertEqual(server.server.answerCounts.byWorkers, 0)
    }

    func testAPendingAnswerIsWaitedForOnAWorker() async throws {
        let server = try TestServer.started(for: self, routes: Self.routes)
        let client = try server.client()
        try client.send(request("GET", "/kept"))
        XCTAssertEqual(way(try client.readResponse()), "worker")
        XCTAssertEqual(server.server.answerCounts.ready, 0)
        XCTAssertEqual(server.server.answerCounts.byWorkers, 1)
    }

    func testAProblemThrownAtOnceIsTheAnswer() async throws {
        let server = try TestServer.started(for: self, routes: Self.routes)
        let client = try server.client()
        try client.send(request("GET", "/invalid"))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(response.json?["code"] as? String, "invalid_thing")
        XCTAssertEqual(server.server.answerCounts.ready, 1)
    }

    func testAnyOtherFailureAtOnceIsA500AndLogged() async throws {
        let server = try TestServer.started(for: self, routes: Self.routes)
        let client = try server.client()
        try client.send(request("GET", "/broken"))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 500)
        XCTAssertEqual(response.json?["code"] as? String, "internal")
        XCTAssertTrue(server.logSink.capturedText.contains("handler failed"), server.logSink.capturedText)
        // The connection goes on serving.
        try client.send(request("GET", "/now"))
        XCTAssertEqual(way(try client.readResponse()), "immediate")
    }

    func testAFailedWaitIsA500AndLogged() async throws {
        let server = try TestServer.started(for: self, routes: Self.routes)
        let client = try server.client()
        try client.send(request("GET", "/failing-wait"))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 500)
        XCTAssertEqual(response.json?["code"] as? String, "internal")
        XCTAssertTrue(server.logSink.capturedText.contains("handler failed"), server.logSink.capturedText)
        XCTAssertEqual(server.server.answerCounts.byWorkers, 1)
    }

    func testUnknownPathsAndMethodsAreAnsweredAtOnce() async throws {
        let server = try TestServer.started(for: self, routes: Self.routes)
        let client = try server.client()
        try client.send(request("GET", "/nowhere"))
        XCTAssertEqual(try client.readResponse().status, 404)
        try client.send(request("DELETE", "/now"))
        let refused = try client.readResponse()
        XCTAssertEqual(refused.status, 405)
        XCTAssertEqual(refused.header("Allow"), "GET, HEAD")
        XCTAssertEqual(server.server.answerCounts.ready, 2)
        XCTAssertEqual(server.server.answerCounts.byWorkers, 0)
    }

    func testAnImmediateRouteAnswersHEADWithoutItsBody() async throws {
        let server = try TestServer.started(for: self, routes: Self.routes)
        let client = try server.client()
        try client.send(request("HEAD", "/now"))
        let response = try client.readResponse(bodyless: true)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, [])
        XCTAssertEqual(response.header("Content-Length"), "\(Array("{\"way\":\"immediate\"}".utf8).count)")
    }

    /// A slow answer from a worker, then one at once, then one from a worker again, pipelined in
    /// one write: the answers leave in the order asked.
    func testPipelinedAnswersKeepTheirOrderAcrossBothWays() async throws {
        let server = try TestServer.started(for: self, routes: Self.routes)
        let client = try server.client()
        try client.send(request("GET", "/sleep") + request("GET", "/kept?kept=yes") + request("GET", "/kept")
                        + request("GET", "/now"))
        XCTAssertEqual(way(try client.readResponse()), "slept")
        XCTAssertEqual(way(try client.readResponse()), "at once")
        XCTAssertEqual(way(try client.readResponse()), "worker")
        XCTAssertEqual(way(try client.readResponse()), "immediate")
        XCTAssertEqual(server.server.answerCounts.ready, 2)
        XCTAssertEqual(server.server.answerCounts.byWorkers, 2)
    }
}

import FakeGiphy
import FakeUpstream
import Foundation
@testable import GifBFFApp
import PostgreSQL
import TestSupport
import XCTest

/// Deploys that drop nothing (issue 33.3): `/readyz`, and the drain before a stop. The drain is
/// started as SIGTERM starts it (`RunningApp.drainThenStop`); RollingRestartTests sends the signal.
final class DrainTests: XCTestCase {
    private func isRefused(_ port: UInt16) -> Bool {
        do {
            _ = try RawClient(port: port, timeout: 2)
            return false
        } catch RawClient.ClientError.connect(let code) {
            return code == ECONNREFUSED
        } catch {
            return false
        }
    }

    /// Whether the client's socket has something to read now (an answer, or the server's close).
    private func hasBytesWaiting(_ client: RawClient) -> Bool {
        var descriptor = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    func testReadyzIs200WhileTheStorageAnswersAndHealthzStaysLiveness() throws {
        let api = try APIHarness(self)
        let ready = try api.get("/readyz")
        XCTAssertEqual(ready.status, 200, ready.text)
        XCTAssertEqual(ready.json?["status"] as? String, "ready")
        XCTAssertEqual(ready.header("Cache-Control"), "no-store")
        XCTAssertEqual(try api.get("/healthz").json?["status"] as? String, "ok")
    }

    /// The drain: /readyz 503 at once while a search is still answered, on a kept-alive connection
    /// and on a new one, each answer closing its connection; then the listener closes (new clients
    /// refused) while a request in flight since before is still answered.
    func testTheDrainAnswersEverythingWithConnectionCloseThenClosesTheListenerBeforeInFlightEnds() async throws {
        let api = try APIHarness(self, upstreamTimeout: .seconds(30))
        let port = api.app.port
        let keptAlive = try RawClient(port: port, timeout: 20)
        try keptAlive.send(request("GET", "/healthz"))
        XCTAssertNil(try keptAlive.readResponse().header("Connection"), "kept alive before the drain")
        XCTAssertEqual(try api.get("/search?q=cached%20before").status, 200)
        // A request the fake holds for 8 s, in flight when the listener closes (3 s into the drain).
        api.fake.inject(.delay(milliseconds: 8_000))
        let slow = try RawClient(port: port, timeout: 30)
        try slow.send(request("GET", "/search?q=slow%20answer"))
        try await waitUntil("the slow search reached the fake") {
            api.fake.recordedCalls.contains { $0.value(of: "q") == "slow answer" }
        }
        let drain = Task { await api.app.drainThenStop(drain: .seconds(3)) }

        try await waitUntil("/readyz says not ready") { try api.get("/readyz").status == 503 }
        let notReady = try api.get("/readyz")
        XCTAssertEqual(notReady.header("Content-Type"), "application/problem+json")
        XCTAssertEqual(notReady.json?["code"] as? String, "not_ready")
        XCTAssertTrue((notReady.json?["detail"] as? String ?? "").contains("draining"), notReady.text)
        XCTAssertEqual(notReady.header("Connection"), "close")

        try keptAlive.send(request("GET", "/search?q=cached%20before"))
        let onKeptAlive = try keptAlive.readResponse()
        XCTAssertEqual(onKeptAlive.status, 200, "a kept-alive connection is still served")
        XCTAssertEqual(onKeptAlive.header("Connection"), "close", "and told to move on")
        try await waitUntil("the kept-alive connection is closed") { keptAlive.isClosedByServer() }
        let onNew = try api.get("/search?q=cached%20before")
        XCTAssertEqual(onNew.status, 200, "the listener is still open during the drain")
        XCTAssertEqual(onNew.header("Connection"), "close")

        try await waitUntil("new clients are refused once the drain is over", timeout: .seconds(20)) { self.isRefused(port) }
        XCTAssertFalse(hasBytesWaiting(slow), "refused while the slow search is still in flight")
        let slowAnswer = try slow.readResponse()
        XCTAssertEqual(slowAnswer.status, 200, "the request in flight when the listener closed is answered")
        XCTAssertEqual(slowAnswer.header("Connection"), "close")
        await drain.value
    }

    /// Storage that does not answer makes the instance not ready; it is ready again once it answers.
    func testReadyzIs503WhileThePostgreSQLServerIsDown() async throws {
        let url = try PostgreSQLCluster.database(for: self)
        guard case .success(let parsed) = PostgreSQLURL.parse(url) else { return XCTFail("not a URL: \(url)") }
        let api = try APIHarness(self) { $0.databaseURL = parsed }
        XCTAssertEqual(try api.get("/readyz").status, 200)
        let cluster = try PostgreSQLCluster.running()
        try cluster.stop()
        var startedAgain = false
        // Started again whatever happens below: other tests use the cluster.
        defer { if !startedAgain { try? cluster.start() } }
        try await waitUntil("/readyz says not ready", timeout: .seconds(20)) { try api.get("/readyz").status == 503 }
        let notReady = try api.get("/readyz")
        XCTAssertEqual(notReady.json?["code"] as? String, "not_ready")
        XCTAssertTrue((notReady.json?["detail"] as? String ?? "").contains("storage is unreachable"), notReady.text)
        XCTAssertFalse(notReady.text.contains("127.0.0.1") || notReady.text.contains("5432"), "names no server: \(notReady.text)")
        XCTAssertEqual(try api.get("/healthz").status, 200, "still alive")
        try cluster.start()
        startedAgain = true
        try await waitUntil("/readyz says ready again", timeout: .seconds(20)) { try api.get("/readyz").status == 200 }
    }
}

import Foundation
import Glibc
import HTTPServer
import TestSupport
import XCTest

/// Stopping waits for the requests in flight, and no longer; past the grace period it gives up on
/// them. Checked by what has happened when the stop ends (a handler held until the test lets it
/// go), not by how long the stop took.
final class ShutdownTests: XCTestCase {
    func testGracefulShutdownFinishesAnInFlightRequestAndClosesIdleOnes() async throws {
        let held = HeldHandlers()
        // A grace period no run comes near: a stop that waited for it would not end in this test.
        // One loop: the idle connection's close shows that the busy one's loop has begun the stop.
        let server = try TestServer(grace: .seconds(3600), eventLoopCount: 1, routes: held.routes)
        addTeardownBlock {
            held.release()
            await server.stop()
        }
        let idle = try server.client(timeout: eventTimeoutSeconds)
        try idle.send(request("GET", "/healthz"))
        XCTAssertEqual(try idle.readResponse().status, 200)
        var busy: RawClient? = try server.client(timeout: eventTimeoutSeconds)
        try busy?.send(request("GET", "/held"))
        try await waitUntil("the request is in its handler", timeout: eventTimeout) { held.entered == 1 }

        let stopped = Flag()
        Task {
            await server.stop()
            stopped.set()
        }
        XCTAssertTrue(idle.isClosedByServer(), "the idle connection is closed as the stop begins")
        XCTAssertFalse(stopped.isSet, "the stop waits for the request in flight")
        held.release()
        // The in-flight request is answered, and told the connection closes.
        let response = try XCTUnwrap(busy).readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.json?["held"] as? Bool, true)
        XCTAssertEqual(response.header("Connection"), "close")
        // The client goes, so the server's lingering close ends too: the stop has nothing left.
        busy = nil
        try await waitUntil("the stop ended once its last request was answered, not after the grace period",
                            timeout: eventTimeout) { stopped.isSet }
        // No longer accepting.
        XCTAssertThrowsError(try RawClient(port: server.port))
    }

    func testShutdownGivesUpOnHandlersPastTheGracePeriod() async throws {
        let held = HeldHandlers()
        let server = try TestServer(grace: .milliseconds(300), routes: held.routes)
        addTeardownBlock {
            held.release()
            await server.stop()
        }
        let busy = try server.client(timeout: eventTimeoutSeconds)
        try busy.send(request("GET", "/held"))
        try await waitUntil("the request is in its handler", timeout: eventTimeout) { held.entered == 1 }

        let stopped = Flag()
        Task {
            await server.stop()
            stopped.set()
        }
        // The handler is never let go while the server runs: only the grace period ends the stop.
        try await waitUntil("the stop gave up on the held handler after its grace period", timeout: eventTimeout) { stopped.isSet }
        XCTAssertEqual(held.finished, 0, "the handler was still running when the stop ended")
        XCTAssertTrue(busy.isClosedByServer())
    }
}

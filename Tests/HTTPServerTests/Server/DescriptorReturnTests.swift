import HTTPServer
import Synchronization
import TestSupport
import XCTest

/// A stopped server has given back every descriptor it opened (the listening socket, its
/// connections, each loop's epoll and eventfd) by the time `shutdown` returns, whoever still holds
/// the server object, and even when a handler outlives the grace period. XCTest keeps every test
/// case, and so whatever its tests hold, until the run ends: a server that let go of its
/// descriptors only when freed kept them for the whole run.
final class DescriptorReturnTests: XCTestCase {
    /// The servers stay referenced, as a test case's would; each is stopped in its iteration, and
    /// again (a no-op then) in teardown, for one an assertion threw before stopping.
    private let servers = Mutex<[TestServer]>([])

    override func tearDown() async throws {
        for server in servers.withLock({ $0 }) { await server.stop() }
    }

    func testAServerStartedAndStoppedTwentyTimesGivesBackItsDescriptors() async throws {
        try await assertDescriptorsGivenBack("starting a server, a keep-alive request and an idle client, stopping") {
            let server = try TestServer(grace: .seconds(5))
            servers.withLock { $0.append(server) }
            let client = try server.client()
            try client.send(request("GET", "/healthz"))
            XCTAssertEqual(try client.readResponse().status, 200)
            let idle = try server.client()
            await server.stop()
            XCTAssertTrue(client.isClosedByServer())
            XCTAssertTrue(idle.isClosedByServer())
        }
    }

    /// The handler's task keeps its loop's executor after the server gave up on it: the eventfd
    /// must not live as long as that task.
    func testAServerStoppedWithAHandlerStillRunningGivesBackItsDescriptors() async throws {
        let gate = AsyncGate()
        // Lets the handlers finish when the test ends, also after an assertion throws.
        addTeardownBlock { gate.open() }
        let entered = Mutex(0)
        try await assertDescriptorsGivenBack("stopping a server past its grace period with a handler waiting") {
            let enteredBefore = entered.withLock { $0 }
            let server = try TestServer(grace: .milliseconds(50)) { router in
                router.get("/wait") { _ in
                    entered.withLock { $0 += 1 }
                    await gate.wait()
                    return .json("{}")
                }
            }
            servers.withLock { $0.append(server) }
            let client = try server.client()
            try client.send(request("GET", "/wait"))
            try await waitUntil("the handler runs") { entered.withLock { $0 } > enteredBefore }
            await server.stop()
            XCTAssertTrue(client.isClosedByServer())
        }
    }
}

import CSystemShims
import Foundation
import Glibc
@testable import HTTPServer
import Synchronization
import TestSupport
import XCTest

/// Issue 44: a client whose connection completed between the drain's last accept and the
/// listener's shutdown was reset after sending its request, and nginx does not retry a POST
/// then. New handshakes are now dropped before the last accepts: such a client is refused
/// before it has sent anything (its SYN again, a second later), which a balancer retries.
final class DrainHandshakeTests: XCTestCase {
    /// A listening socket on a free loopback port, closed when the test ends.
    private func listener() throws -> (fd: Int32, port: UInt16) {
        guard let address = SocketAddress(host: "127.0.0.1", port: 0) else { throw RawClient.ClientError.connect(EINVAL) }
        let fd = try Socket.listen(on: address, backlog: 16)
        addTeardownBlock { close(fd) }
        return (fd, SocketAddress.boundPort(of: fd) ?? 0)
    }

    /// A non-blocking connect from the client's side; its descriptor, closed when the test ends.
    private func startConnect(to port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        addTeardownBlock { close(fd) }
        return fd
    }

    /// The connect's outcome once it has one within `seconds`: 0 connected, else its errno; nil while under way.
    private func connectOutcome(_ fd: Int32, within seconds: Double) -> Int32? {
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, Int32(seconds * 1000)) > 0 else { return nil }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        return error
    }

    func testOnceNewHandshakesAreDroppedNoClientJoinsTheQueueAndItsRetryIsRefused() throws {
        let (listenFD, port) = try listener()
        let before = startConnect(to: port)
        XCTAssertEqual(connectOutcome(before, within: 2), 0, "a client before the filter connects")

        XCTAssertEqual(shim_drop_new_handshakes(listenFD), 0, String(cString: strerror(errno)))
        let after = startConnect(to: port)
        XCTAssertNil(connectOutcome(after, within: 0.3), "a client after the filter must not complete its handshake")

        // The queue holds the first client only: nothing can be queued after the last accept.
        let accepted = shim_accept(listenFD)
        XCTAssertGreaterThanOrEqual(accepted, 0)
        close(accepted)
        XCTAssertLessThan(shim_accept(listenFD), 0)
        XCTAssertEqual(errno, EAGAIN)

        // Shut, the socket refuses the client's SYN when it comes again: refused, never reset.
        Glibc.shutdown(listenFD, Int32(SHUT_RDWR))
        XCTAssertEqual(connectOutcome(after, within: 4), ECONNREFUSED)
    }

    /// Clients connect and POST without pause while the listener is let go: each is answered, or
    /// refused before it could send; none is cut after sending its request.
    func testClientsConnectingWhileTheListenerIsLetGoAreServedOrRefusedNeverCut() async throws {
        let server = try TestServer.started(for: self)
        let port = server.port
        let outcomes = Mutex<[String: Int]>([:])
        let stop = Atomic<Bool>(false)
        let clients = (0..<4).map { _ in
            Thread {
                for _ in 0..<2_000 where !stop.load(ordering: .relaxed) {
                    let outcome: String
                    do {
                        let client = try RawClient(port: port, timeout: 3)
                        do {
                            try client.send(request("POST", "/echo", headers: ["Content-Type: text/plain"], body: "hello"))
                            outcome = try client.readResponse().status == 200 ? "served" : "other status"
                        } catch {
                            outcome = "cut after sending"
                        }
                    } catch {
                        outcome = "refused before sending"
                    }
                    outcomes.withLock { $0[outcome, default: 0] += 1 }
                    if outcome == "refused before sending" { break }
                }
            }
        }
        for client in clients { client.start() }
        // Until some are served (a fixed 100 ms could pass before any was, under a sanitizer on
        // a loaded machine), so the listener is let go while clients come and go.
        try await waitUntil("four requests were served", timeout: eventTimeout) { outcomes.withLock { $0["served", default: 0] } >= 4 }
        await server.server.closeListener()
        try await waitUntil("every client was refused", timeout: .seconds(15)) {
            outcomes.withLock { $0["refused before sending", default: 0] } == clients.count
        }
        stop.store(true, ordering: .relaxed)
        let counts = outcomes.withLock { $0 }
        XCTAssertGreaterThan(counts["served", default: 0], 0, "\(counts)")
        XCTAssertEqual(counts["cut after sending", default: 0], 0, "\(counts)")
        XCTAssertEqual(counts["other status", default: 0], 0, "\(counts)")
    }
}

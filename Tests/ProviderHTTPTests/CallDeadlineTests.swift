import Foundation
import Glibc
@testable import ProviderHTTP
import XCTest

/// A call's deadline holds whatever it waits for: the loop ends it then (`UpstreamCall.deadline`),
/// also while it is queued behind a busy connection, which libcurl's own timeout need not cover.
final class CallDeadlineTests: XCTestCase {
    private var listener: Int32 = -1

    override func tearDown() {
        if listener >= 0 { close(listener) }
        super.tearDown()
    }

    /// A loopback port that takes connections (the kernel's backlog) and never answers.
    private func silentURL() throws -> URL {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(listener, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, generic, &length) == 0
            }
        }
        XCTAssertTrue(bound)
        return try XCTUnwrap(URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/slow"))
    }

    func testACallQueuedBehindABusyConnectionEndsAtItsDeadline() async throws {
        let url = try silentURL()
        let transport = UpstreamTransport(maxBodyBytes: 1024, maxConnections: 1)
        // The one connection, held for a minute by a call that is never answered.
        let holder = Task { try await transport.get(url, deadline: .seconds(60)) }
        // The holder has the connection once the listener has it queued. A fixed 200 ms bet that
        // its task had started and connected by then; if not, the timed call took the connection
        // itself, and the test timed no queued call (it passed all the same).
        var connected = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&connected, 1, 30_000), 1, "the holder never connected")
        let clock = ContinuousClock()
        let start = clock.now
        let queued: Result<HTTPExchange, any Error>
        do {
            queued = .success(try await transport.get(url, deadline: .milliseconds(300)))
        } catch {
            queued = .failure(error)
        }
        let elapsed = clock.now - start
        holder.cancel()
        _ = await holder.result
        await transport.shutdown()
        switch queued {
        case .failure(let error as TransferFailure): XCTAssertEqual(error, .timedOut)
        case .failure(is DeadlinePassed): break
        default: XCTFail("expected a timeout, got \(queued)")
        }
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(290), "not before the deadline")
        XCTAssertLessThan(elapsed, .seconds(10), "ended at its deadline, not when the connection was free")
    }
}

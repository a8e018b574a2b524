import XCTest
@testable import HTTPServer

/// The loop reads its clock when it wakes, and connections set their deadlines from that read.
final class LoopClockTests: XCTestCase {
    func testRecentIsTheLastReadUntilTheNextOne() throws {
        let clock = LoopClock()
        let read = clock.read()
        XCTAssertEqual(clock.recent, read)
        // Time passes without a read: `recent` stays, `now` moves on.
        let later = clock.now
        XCTAssertGreaterThanOrEqual(later, read)
        XCTAssertEqual(clock.recent, read)
        let next = clock.read()
        XCTAssertGreaterThanOrEqual(next, later)
        XCTAssertEqual(clock.recent, next)
    }

    func testDeadlinesAreSetFromTheLoopsRecentRead() {
        // The loop woke 1 s ago and has not read the clock since: a request's head timeout counts
        // from that read, so it passes 1 s sooner by `now` than a read per deadline would make it.
        var limits = HTTPLimits()
        limits.headTimeout = .seconds(5)
        let harness = ConnectionHarness(limits: limits)
        harness.clock.recentLag = 1_000_000_000
        harness.send("GET / HTTP/1.1\r\nHost: a\r\n")
        harness.tick(.seconds(4))
        XCTAssertEqual(harness.writtenStatuses, [408])
    }
}

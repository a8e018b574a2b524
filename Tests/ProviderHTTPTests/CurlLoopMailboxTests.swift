@testable import ProviderHTTP
import XCTest

/// The loop's eventfd is rung only when the loop sleeps (or is about to) in epoll_wait: a loop
/// awake reads its mailbox before it sleeps, and a ring each call cost a write, a wake-up and a
/// read (issue 46 item 7).
final class CurlLoopMailboxTests: XCTestCase {
    func testOnlyAPostToASleepingLoopRingsAndOnlyOnce() throws {
        var mailbox = CurlLoop.Mailbox(wake: CurlLoop.Wake(fd: -1))
        XCTAssertNil(mailbox.post(.shutdown).wake, "awake: it reads the mailbox before sleeping")
        XCTAssertFalse(mailbox.prepareToSleep(), "a message waits: the loop does not sleep")
        mailbox.messages.removeAll()
        XCTAssertTrue(mailbox.prepareToSleep())
        let first = mailbox.post(.shutdown)
        XCTAssertTrue(first.posted)
        XCTAssertNotNil(first.wake, "asleep: rung")
        XCTAssertNil(mailbox.post(.shutdown).wake, "rung already: the loop wakes for both")
        XCTAssertEqual(mailbox.messages.count, 2)
    }

    func testAClosedMailboxTakesNothing() {
        var mailbox = CurlLoop.Mailbox()
        mailbox.closed = true
        let outcome = mailbox.post(.shutdown)
        XCTAssertFalse(outcome.posted)
        XCTAssertTrue(mailbox.messages.isEmpty)
    }
}

import Foundation
@testable import Service
import Synchronization
import XCTest

/// Writes queued for after the answer run one at a time, in order; the queue is bounded (what
/// does not fit is dropped and counted); `flush` waits for all queued before it.
final class BookkeepingQueueTests: XCTestCase {
    /// Lets a test hold the writer inside a write until it says go.
    private final class Latch: Sendable {
        private let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
        private let opened = Mutex(false)

        func wait() async {
            await withCheckedContinuation { waiter in
                let isOpen = opened.withLock { isOpen in
                    if !isOpen { continuation.withLock { $0 = waiter } }
                    return isOpen
                }
                if isOpen { waiter.resume() }
            }
        }

        func open() {
            let waiter = opened.withLock { isOpen -> CheckedContinuation<Void, Never>? in
                isOpen = true
                return continuation.withLock { waiter in defer { waiter = nil }; return waiter }
            }
            waiter?.resume()
        }
    }

    func testWritesRunInOrderOneAtATimeAndFlushWaitsForThem() async {
        let writes = BookkeepingWrites()
        let log = Mutex<[String]>([])
        let running = Mutex(0)
        for index in 0..<50 {
            writes.later(.searchHistory) {
                let overlapping = running.withLock { $0 += 1; return $0 > 1 }
                await Task.yield()
                log.withLock { $0.append(overlapping ? "overlap" : "w\(index)") }
                running.withLock { $0 -= 1 }
            }
        }
        await writes.flush()
        XCTAssertEqual(log.withLock { $0 }, (0..<50).map { "w\($0)" })
        await writes.flush()
    }

    func testAFullQueueDropsAndCountsTheWriteWithoutWaiting() async {
        let writes = BookkeepingWrites(queueLimit: 2)
        let latch = Latch()
        let done = Mutex<[Int]>([])
        writes.later(.responseCache) { await latch.wait(); done.withLock { $0.append(0) } }
        // The first is running (held by the latch) or waiting: with it, two fit, the fourth does not.
        for index in 1...3 { writes.later(.searchHistory) { done.withLock { $0.append(index) } } }
        XCTAssertGreaterThanOrEqual(writes.failures[.searchHistory] ?? 0, 1)
        latch.open()
        await writes.flush()
        let finished = done.withLock { $0 }
        XCTAssertEqual(finished.count + (writes.failures[.searchHistory] ?? 0), 4, "each write either ran or was counted")
        XCTAssertEqual(finished.first, 0)
    }

    func testAFailedQueuedWriteIsCountedAndTheNextStillRuns() async {
        let writes = BookkeepingWrites()
        let ran = Mutex(false)
        writes.later(.responseCache) { throw StoreFailure.full }
        writes.later(.searchHistory) { ran.withLock { $0 = true } }
        await writes.flush()
        XCTAssertEqual(writes.failures, [.responseCache: 1])
        XCTAssertTrue(ran.withLock { $0 })
    }
}

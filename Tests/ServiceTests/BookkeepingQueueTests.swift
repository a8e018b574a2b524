import Foundation
@testable import Service
import Synchronization
import XCTest

/// Writes queued for after the answer run one at a time, in order; the queue is bounded (what
/// does not fit is dropped and counted); `flush` waits for all queued before it.
final class BookkeepingQueueTests: XCTestCase {
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

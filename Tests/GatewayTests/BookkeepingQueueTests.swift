import Model
import Gateway
import Foundation
@testable import Gateway
import Synchronization
import TestSupport
import XCTest

/// Writes queued for after the answer run one at a time, in order; each kind has a bounded share
/// of the queue (what does not fit is dropped and counted), so a flood of one kind drops no write
/// of another; a write with a merge key replaces the same one still waiting; `flush` waits for
/// the writes queued before it, and for none queued after it.
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
        let writes = BookkeepingWrites(sharePerKind: 2)
        let latch = Latch()
        let done = Mutex<[Int]>([])
        writes.later(.responseCache) { await latch.wait(); done.withLock { $0.append(0) } }
        // The first is running (held by the latch) or waiting, in a share of its own: two history writes fit, the third does not.
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

    func testAFlushReturnsOnceTheWritesBeforeItHaveRunThoughLaterOnesKeepTheWriterBusy() async throws {
        let writes = BookkeepingWrites()
        let first = Latch(), later = Latch()
        // Opened however the test ends, so the writer does not stay parked.
        addTeardownBlock { first.open(); later.open() }
        let log = Mutex<[String]>([])
        writes.later(.searchHistory) { await first.wait(); log.withLock { $0.append("before 1") } }
        writes.later(.responseCache) { log.withLock { $0.append("before 2") } }
        let flushed = Mutex<[String]?>(nil)
        let flush = Task {
            await writes.flush()
            flushed.withLock { $0 = log.withLock { $0 } }
        }
        try await waitUntil("the flush waits") { writes.waitingFlushCount == 1 }
        // Queued after the flush: one that holds the writer until the test ends, more behind it.
        writes.later(.searchHistory) { await later.wait(); log.withLock { $0.append("after 1") } }
        for index in 2...50 { writes.later(.callLog) { log.withLock { $0.append("after \(index)") } } }
        first.open()
        try await waitUntil("the flush returned, the writer still busy with a later write") { flushed.withLock { $0 } != nil }
        XCTAssertEqual(flushed.withLock { $0 }, ["before 1", "before 2"])
        later.open()
        await flush.value
        await writes.flush()
        XCTAssertEqual(log.withLock { $0 }.count, 52)
    }

    func testAFloodOfOneKindDropsNoWriteOfAnotherKind() async {
        let writes = BookkeepingWrites(sharePerKind: 3)
        let latch = Latch()
        let ran = Mutex<[BookkeepingWrites.Write]>([])
        writes.later(.spotlight) { await latch.wait() }
        for _ in 0..<100 { writes.later(.searchHistory) { ran.withLock { $0.append(.searchHistory) } } }
        writes.later(.callLog) { ran.withLock { $0.append(.callLog) } }
        writes.later(.responseCache) { ran.withLock { $0.append(.responseCache) } }
        latch.open()
        await writes.flush()
        let done = ran.withLock { $0 }
        XCTAssertEqual(writes.failures[.callLog], nil)
        XCTAssertEqual(writes.failures[.responseCache], nil)
        XCTAssertEqual(done.filter { $0 == .callLog }.count, 1)
        XCTAssertEqual(done.filter { $0 == .responseCache }.count, 1)
        XCTAssertEqual(done.filter { $0 == .searchHistory }.count + (writes.failures[.searchHistory] ?? 0), 100,
                       "each history write either ran or was counted")
        XCTAssertEqual(writes.failures[.searchHistory], 97, "the flood was held to its share of 3 while the writer was busy")
    }

    func testARepeatedWriteStillWaitingIsReplacedByTheLatestInItsPlaceAtTheBack() async {
        // A small share: without merging, 1,000 writes of two keys would overflow it.
        let writes = BookkeepingWrites(sharePerKind: 10)
        let latch = Latch()
        let log = Mutex<[String]>([])
        writes.later(.spotlight) { await latch.wait() }
        for index in 0..<1_000 {
            let key = index.isMultiple(of: 2) ? "cats" : "dogs"
            writes.later(.searchHistory, mergeKey: key) { log.withLock { $0.append("\(key) \(index)") } }
        }
        // Another kind with the same key is another write.
        writes.later(.callLog, mergeKey: "cats") { log.withLock { $0.append("call log") } }
        latch.open()
        await writes.flush()
        XCTAssertEqual(log.withLock { $0 }, ["cats 998", "dogs 999", "call log"], "the last of each, in the order of the last")
        XCTAssertEqual(writes.failures, [:])
        XCTAssertEqual(writes.merged, [.searchHistory: 998])
    }

    func testAWriteAFlushWaitsForIsNotMergedIntoALaterOne() async throws {
        let writes = BookkeepingWrites()
        let latch = Latch()
        addTeardownBlock { latch.open() }
        let log = Mutex<[String]>([])
        writes.later(.spotlight) { await latch.wait() }
        writes.later(.searchHistory, mergeKey: "cats") { log.withLock { $0.append("cats before") } }
        let flushed = Mutex<[String]?>(nil)
        let flush = Task {
            await writes.flush()
            flushed.withLock { $0 = log.withLock { $0 } }
        }
        try await waitUntil("the flush waits") { writes.waitingFlushCount == 1 }
        writes.later(.searchHistory, mergeKey: "cats") { log.withLock { $0.append("cats after") } }
        writes.later(.searchHistory, mergeKey: "cats") { log.withLock { $0.append("cats after, again") } }
        latch.open()
        await flush.value
        XCTAssertEqual(flushed.withLock { $0 }?.first, "cats before")
        await writes.flush()
        XCTAssertEqual(log.withLock { $0 }, ["cats before", "cats after, again"])
        XCTAssertEqual(writes.merged, [.searchHistory: 1])
    }
}

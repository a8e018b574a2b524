import Gateway
import Model
@testable import Gateway
import Synchronization
import TestSupport
import XCTest

/// Items queued for a batch runner that wait one after another run in one `run` of it, in order,
/// at most `batchLimit` at once; an item the runner fails is dropped and counted alone; a write of
/// its own between them ends the batch; a flush waits for the whole batch it falls in.
final class BookkeepingBatchTests: XCTestCase {
    /// Records each batch it is handed; fails the items named "fail"; a run may be held by a latch.
    private final class Runner: BookkeepingBatchRunner {
        let batches = Mutex<[[String]]>([])
        let held = Mutex<Latch?>(nil)

        func run(_ items: [String]) async -> [(any Error)?] {
            if let latch = held.withLock({ $0 }) { await latch.wait() }
            batches.withLock { $0.append(items) }
            return items.map { $0 == "fail" ? StoreFailure.full : nil }
        }
    }

    func testItemsWaitingTogetherRunAsOneBatchInOrderAndAFailingOneIsCountedAlone() async {
        let writes = BookkeepingWrites()
        let runner = Runner()
        let latch = Latch()
        writes.later(.spotlight) { await latch.wait() }
        for item in ["a", "b", "fail", "c"] { writes.later(.searchHistory, item, in: runner) }
        latch.open()
        await writes.flush()
        XCTAssertEqual(runner.batches.withLock { $0 }, [["a", "b", "fail", "c"]])
        XCTAssertEqual(writes.failures, [.searchHistory: 1])
    }

    func testAWriteOfItsOwnBetweenItemsEndsTheBatchAndOrderIsKept() async {
        let writes = BookkeepingWrites()
        let runner = Runner(), other = Runner()
        let latch = Latch()
        let log = Mutex<[String]>([])
        writes.later(.spotlight) { await latch.wait() }
        writes.later(.searchHistory, "a", in: runner)
        writes.later(.searchHistory, "b", in: runner)
        writes.later(.callLog) { log.withLock { $0.append("call log after b: \(runner.batches.withLock { $0 })") } }
        writes.later(.searchHistory, "c", in: runner)
        writes.later(.searchHistory, "x", in: other)
        writes.later(.searchHistory, "d", in: runner)
        latch.open()
        await writes.flush()
        XCTAssertEqual(log.withLock { $0 }, ["call log after b: [[\"a\", \"b\"]]"])
        XCTAssertEqual(runner.batches.withLock { $0 }, [["a", "b"], ["c"], ["d"]])
        XCTAssertEqual(other.batches.withLock { $0 }, [["x"]])
    }

    func testABatchHoldsAtMostItsLimitAndMergedItemsKeepTheirPlaceAtTheBack() async {
        let writes = BookkeepingWrites()
        let runner = Runner()
        let latch = Latch()
        writes.later(.spotlight) { await latch.wait() }
        let count = BookkeepingWrites.batchLimit + 5
        for index in 0..<count { writes.later(.searchHistory, mergeKey: "\(index)", "\(index)", in: runner) }
        writes.later(.searchHistory, mergeKey: "0", "0 again", in: runner)
        latch.open()
        await writes.flush()
        let batches = runner.batches.withLock { $0 }
        XCTAssertEqual(batches.map(\.count), [BookkeepingWrites.batchLimit, 5])
        XCTAssertEqual(batches.flatMap { $0 }, (1..<count).map { "\($0)" } + ["0 again"])
        XCTAssertEqual(writes.merged, [.searchHistory: 1])
    }

    func testAFlushCalledWhileABatchRunsWaitsForAllOfIt() async throws {
        let writes = BookkeepingWrites()
        let runner = Runner()
        let first = Latch(), running = Latch()
        addTeardownBlock { first.open(); running.open() }
        writes.later(.spotlight) { await first.wait() }
        for item in ["a", "b", "c"] { writes.later(.searchHistory, item, in: runner) }
        runner.held.withLock { $0 = running }
        first.open()
        // The batch is taken (nothing waits any more) and held in its run.
        let flushed = Mutex<[[String]]?>(nil)
        let flush = Task {
            await writes.flush()
            flushed.withLock { $0 = runner.batches.withLock { $0 } }
        }
        try await waitUntil("the flush waits") { writes.waitingFlushCount == 1 }
        try await Task.sleep(for: .milliseconds(50))
        XCTAssertNil(flushed.withLock { $0 }, "returned before the batch ran")
        running.open()
        await flush.value
        XCTAssertEqual(flushed.withLock { $0 }, [["a", "b", "c"]])
    }

    func testARunnerAnsweringFewerThanItsItemsHasTheRestCountedAsFailed() async {
        final class Short: BookkeepingBatchRunner {
            func run(_ items: [Int]) async -> [(any Error)?] { [nil] }
        }
        let writes = BookkeepingWrites()
        let latch = Latch()
        let runner = Short()
        writes.later(.spotlight) { await latch.wait() }
        for item in 0..<3 { writes.later(.callLog, item, in: runner) }
        latch.open()
        await writes.flush()
        XCTAssertEqual(writes.failures, [.callLog: 2])
    }
}

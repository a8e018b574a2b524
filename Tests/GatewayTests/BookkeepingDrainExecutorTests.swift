@testable import Gateway
import Foundation
import Primitives
import Synchronization
import XCTest

/// The bookkeeping writer runs on the executor of the request that found its queue empty
/// (`RequestExecutor.preferred`: its event loop's, in the server): starting it and each return
/// from the database's thread then wake no thread of Swift's pool (issue 46 item 7).
final class BookkeepingDrainExecutorTests: XCTestCase {
    private typealias ThreadExecutor = SharedCallExecutorTests.ThreadExecutor

    /// Notes, for each batch, whether it began and resumed (after a suspension, as a database
    /// call returns from the database's thread) on `executor`.
    private final class Runner: BookkeepingBatchRunner {
        let executor: ThreadExecutor
        let onExecutor = Mutex<[Bool]>([])

        init(executor: ThreadExecutor) { self.executor = executor }

        func run(_ items: [String]) async -> [(any Error)?] {
            let began = executor.isCurrent
            try? await Task.sleep(for: .milliseconds(5))
            let resumed = executor.isCurrent
            onExecutor.withLock { $0 += [began, resumed] }
            return items.map { _ in nil }
        }
    }

    func testTheWriterRunsOnTheExecutorOfTheRequestThatStartedIt() async {
        let executor = ThreadExecutor()
        defer { executor.end() }
        let writes = BookkeepingWrites()
        let runner = Runner(executor: executor)
        let alone = Mutex<[Bool]>([])
        await Task(executorPreference: executor) {
            RequestExecutor.$preferred.withValue(executor) {
                writes.later(.searchHistory, "a", in: runner)
                writes.later(.spotlight) {
                    try? await Task.sleep(for: .milliseconds(5))
                    let here = executor.isCurrent
                    alone.withLock { $0.append(here) }
                }
            }
        }.value
        await writes.flush()
        XCTAssertEqual(runner.onExecutor.withLock { $0 }, [true, true])
        XCTAssertEqual(alone.withLock { $0 }, [true])
    }

    /// Queued where there is no request (a timer, shutdown), the writer runs on Swift's pool.
    func testWithNoRequestsExecutorTheWriterRunsElsewhere() async {
        let executor = ThreadExecutor()
        defer { executor.end() }
        let writes = BookkeepingWrites()
        let runner = Runner(executor: executor)
        writes.later(.searchHistory, "a", in: runner)
        await writes.flush()
        XCTAssertEqual(runner.onExecutor.withLock { $0 }, [false, false])
    }
}

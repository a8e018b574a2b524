@testable import Gateway
import Foundation
import Model
import Primitives
import Synchronization
import TestSupport
import XCTest

/// The shared upstream call runs on the executor of the request that started it
/// (`RequestExecutor.preferred`: its event loop's, in the server), so its answer is read and
/// mapped there and the requester resumes there: no hop to Swift's pool and back (issue 46 item 7).
final class SharedCallExecutorTests: XCTestCase {
    /// Runs its jobs one by one on a thread of its own, which a job can tell it runs on.
    final class ThreadExecutor: TaskExecutor {
        private let jobs = Mutex<(queue: [UnownedJob], ended: Bool, running: Bool, ran: Int)>(([], false, false, 0))
        private let ready = DispatchSemaphore(value: 0)
        private let thread = Mutex<pthread_t?>(nil)

        init() {
            Thread { [self] in run() }.start()
        }

        /// It has run a job and has none left, nor is it running one: a task started on it has
        /// suspended (what a test waits for before it lets that task's wait end).
        var hasRunAndIsIdle: Bool { jobs.withLock { $0.ran > 0 && !$0.running && $0.queue.isEmpty } }

        /// Whether the caller runs on this executor's thread.
        var isCurrent: Bool { thread.withLock { $0 }.map { pthread_equal($0, pthread_self()) != 0 } ?? false }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            jobs.withLock { $0.queue.append(job) }
            ready.signal()
        }

        func end() {
            jobs.withLock { $0.ended = true }
            ready.signal()
        }

        private func run() {
            thread.withLock { $0 = pthread_self() }
            while true {
                ready.wait()
                let (job, ended) = jobs.withLock { state -> (UnownedJob?, Bool) in
                    let job = state.queue.isEmpty ? nil : state.queue.removeFirst()
                    if job != nil { state.running = true }
                    return (job, state.ended)
                }
                if let job {
                    job.runSynchronously(on: asUnownedTaskExecutor())
                    jobs.withLock { state in
                        state.running = false
                        state.ran += 1
                    }
                } else if ended {
                    return
                }
            }
        }
    }

    /// Notes whether each call runs on `executor`, after a suspension (as a real call resumes
    /// from libcurl's thread).
    final class WhereProvider: Provider {
        let executor: ThreadExecutor
        let onExecutor = Mutex<[Bool]>([])
        /// With a gate, each call waits for the test to open it (rather than 20 ms), so it is
        /// surely still under way when others join it; `started` counts the calls begun.
        let gate: Latch?
        let started = Mutex(0)

        init(executor: ThreadExecutor, gate: Latch? = nil) {
            self.executor = executor
            self.gate = gate
        }

        func search(_ request: SearchRequest) async throws -> UpstreamPage {
            started.withLock { $0 += 1 }
            if let gate { await gate.wait() } else { try await Task.sleep(for: .milliseconds(20)) }
            let here = executor.isCurrent
            onExecutor.withLock { $0.append(here) }
            return UpstreamPage(items: [makeItem("a")], totalCount: 1, count: 1, offset: request.offset)
        }
        func trending(_ request: TrendingRequest) async throws -> UpstreamPage { throw UpstreamError.timeout }
        func item(id: String) async throws -> Item { throw UpstreamError.notFound }
        func random(tag: String?, rating: String?, type: MediaType) async throws -> Item { makeItem("r") }
    }

    func testTheSharedCallRunsOnTheRequestersPreferredExecutor() async throws {
        let executor = ThreadExecutor()
        defer { executor.end() }
        let provider = WhereProvider(executor: executor)
        let gateway = UpstreamGateway(provider: provider, store: nil)
        let status = try await Task(executorPreference: executor) {
            try await RequestExecutor.$preferred.withValue(executor) {
                try await gateway.search(SearchRequest(query: "cats", offset: 0, limit: 10)).value().status
            }
        }.value
        XCTAssertEqual(status, .miss)
        XCTAssertEqual(provider.onExecutor.withLock { $0 }, [true])
    }

    /// A requester that gives up does not end the call it started: the others joined still get it.
    func testTheCallOutlivesTheRequesterThatStartedItOnItsExecutor() async throws {
        let executor = ThreadExecutor(), joiner = ThreadExecutor()
        defer {
            executor.end()
            joiner.end()
        }
        let gate = Latch()
        addTeardownBlock { gate.open() }
        let provider = WhereProvider(executor: executor, gate: gate)
        let gateway = UpstreamGateway(provider: provider, store: nil)
        let request = SearchRequest(query: "dogs", offset: 0, limit: 10)
        let first = Task(executorPreference: executor) {
            try await RequestExecutor.$preferred.withValue(executor) { try await gateway.search(request).value().status }
        }
        // The first request has started the call before it gives up: a fixed 5 ms was too short
        // for its task to start on a loaded machine, and the second request then made the call.
        try await waitUntil("the first request's call is under way", timeout: eventTimeout) { provider.started.withLock { $0 } == 1 }
        first.cancel()
        // The second joins the call (its task runs until it waits, then its executor is idle)
        // before the call may end.
        let second = Task(executorPreference: joiner) { try await gateway.search(request).value() }
        try await waitUntil("the second request waits on the call", timeout: eventTimeout) { joiner.hasRunAndIsIdle }
        gate.open()
        let joined = try await second.value
        _ = await first.result
        XCTAssertEqual(joined.status, .miss)
        XCTAssertEqual(provider.onExecutor.withLock { $0 }, [true], "one call, on the first requester's executor")
    }

    /// With the cache on, the wait for a shared call (`FirstOf`) runs its deadline and its wait
    /// for the call on the request's executor too: no thread of Swift's pool is woken for them.
    func testTheDeadlineForAStaleAnswerRunsOnTheRequestersExecutor() async throws {
        let executor = ThreadExecutor()
        defer { executor.end() }
        let slow = Task<Int, any Error> {
            try await Task.sleep(for: .seconds(2))
            return 1
        }
        defer { slow.cancel() }
        let asked = Mutex<[Bool]>([])
        let value = try await Task(executorPreference: executor) {
            try await RequestExecutor.$preferred.withValue(executor) {
                try await FirstOf.value(of: slow, orAt: .now + .milliseconds(10)) { () -> Int? in
                    let here = executor.isCurrent
                    asked.withLock { $0.append(here) }
                    return 2
                }
            }
        }.value
        XCTAssertEqual(value, 2, "the answer at hand at the deadline")
        XCTAssertEqual(asked.withLock { $0 }, [true])
    }
}

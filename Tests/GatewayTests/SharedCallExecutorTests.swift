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
        private let jobs = Mutex<(queue: [UnownedJob], ended: Bool)>(([], false))
        private let ready = DispatchSemaphore(value: 0)
        private let thread = Mutex<pthread_t?>(nil)

        init() {
            Thread { [self] in run() }.start()
        }

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
                    (state.queue.isEmpty ? nil : state.queue.removeFirst(), state.ended)
                }
                if let job { job.runSynchronously(on: asUnownedTaskExecutor()) } else if ended { return }
            }
        }
    }

    /// Notes whether each call runs on `executor`, after a suspension (as a real call resumes
    /// from libcurl's thread).
    final class WhereProvider: Provider {
        let executor: ThreadExecutor
        let onExecutor = Mutex<[Bool]>([])

        init(executor: ThreadExecutor) { self.executor = executor }

        func search(_ request: SearchRequest) async throws -> UpstreamPage {
            try await Task.sleep(for: .milliseconds(20))
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
        let executor = ThreadExecutor()
        defer { executor.end() }
        let provider = WhereProvider(executor: executor)
        let gateway = UpstreamGateway(provider: provider, store: nil)
        let request = SearchRequest(query: "dogs", offset: 0, limit: 10)
        let first = Task(executorPreference: executor) {
            try await RequestExecutor.$preferred.withValue(executor) { try await gateway.search(request).value().status }
        }
        try await Task.sleep(for: .milliseconds(5))
        first.cancel()
        let joined = try await gateway.search(request).value()
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

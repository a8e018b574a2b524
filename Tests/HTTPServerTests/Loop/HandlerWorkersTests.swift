@testable import HTTPServer
import Primitives
import Synchronization
import TestSupport
import XCTest

/// Workers run requests one at a time each and wait for the next: a request in sequence reuses
/// the waiting worker, requests at once get a worker each, and no more than `maxParked` wait.
final class HandlerWorkersTests: XCTestCase {
    /// What the workers ran, and a gate that holds every request until opened.
    private final class Runs: Sendable {
        private let state = Mutex<(tokens: [UInt64], started: Int)>(([], 0))
        let gate = AsyncGate()

        func run(_ work: HandlerWorkers.Work) async {
            state.withLock { $0.started += 1 }
            await gate.wait()
            state.withLock { $0.tokens.append(work.token) }
        }

        var tokens: [UInt64] { state.withLock { $0.tokens } }
        var started: Int { state.withLock { $0.started } }
    }

    private func work(_ token: UInt64) -> HandlerWorkers.Work {
        HandlerWorkers.Work(wait: { .json("{}") }, request: HTTPRequest(method: .get, target: "/", path: "/", pathSegments: []), token: token)
    }

    /// Polls until `condition` holds, for `eventTimeout` at most (2.5 s before: no margin for a
    /// sanitizer on a loaded machine); it ends as soon as it holds.
    private func waitUntil(_ condition: @autoclosure () -> Bool, _ what: String) async throws {
        let deadline = ContinuousClock.now + eventTimeout
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        XCTAssertTrue(condition(), what)
    }

    func testARequestInSequenceReusesTheWaitingWorker() async throws {
        let runs = Runs()
        runs.gate.open()
        let workers = HandlerWorkers(executor: globalConcurrentExecutor, maxParked: 8) { await runs.run($0) }
        defer { workers.stop() }
        for token in 1...20 as ClosedRange<UInt64> {
            workers.dispatch(work(token))
            try await waitUntil(runs.tokens.count == Int(token) && workers.parkedCount == 1, "request \(token) ran, and its worker waits")
        }
        XCTAssertEqual(runs.tokens, Array(1...20))
        XCTAssertEqual(workers.parkedCount, 1, "one worker ran all twenty")
    }

    func testRequestsAtOnceGetAWorkerEachAndAtMostMaxParkedWait() async throws {
        let runs = Runs()
        let workers = HandlerWorkers(executor: globalConcurrentExecutor, maxParked: 3) { await runs.run($0) }
        defer { workers.stop() }
        for token in 1...5 as ClosedRange<UInt64> { workers.dispatch(work(token)) }
        try await waitUntil(runs.started == 5, "all five run at once, none waits for another")
        XCTAssertEqual(workers.parkedCount, 0)
        runs.gate.open()
        try await waitUntil(runs.tokens.count == 5, "all five finished")
        try await waitUntil(workers.parkedCount == 3, "three wait")
        try await Task.sleep(for: .milliseconds(50))
        XCTAssertEqual(workers.parkedCount, 3, "the other two ended rather than wait")
    }

    /// What a request starts that outlives it (a shared upstream call) learns the loop's executor
    /// from the handler's task: `RequestExecutor.preferred`, set for every request a worker runs.
    func testEveryRequestSeesItsWorkersExecutorAsThePreferredOne() async throws {
        let seen = Mutex<[Bool]>([])
        let workers = HandlerWorkers(executor: globalConcurrentExecutor, maxParked: 8) { _ in
            let preferred = RequestExecutor.preferred.map { $0 as AnyObject === globalConcurrentExecutor as AnyObject } ?? false
            seen.withLock { $0.append(preferred) }
        }
        defer { workers.stop() }
        for token in 1...3 as ClosedRange<UInt64> {
            workers.dispatch(work(token))
            try await waitUntil(seen.withLock { $0.count } == Int(token) && workers.parkedCount == 1, "request \(token) ran")
        }
        XCTAssertEqual(seen.withLock { $0 }, [true, true, true], "the first request and those its worker ran next")
    }

    func testStopEndsTheWaitingWorkersAndABusyOneAfterItsRequest() async throws {
        let runs = Runs()
        let workers = HandlerWorkers(executor: globalConcurrentExecutor, maxParked: 8) { await runs.run($0) }
        runs.gate.open()
        workers.dispatch(work(1))
        try await waitUntil(workers.parkedCount == 1, "the worker waits")
        workers.stop()
        XCTAssertEqual(workers.parkedCount, 0)
        // A request after the stop still runs (a worker of its own), and its worker does not wait.
        workers.dispatch(work(2))
        try await waitUntil(runs.tokens == [1, 2], "the second request ran")
        try await Task.sleep(for: .milliseconds(50))
        XCTAssertEqual(workers.parkedCount, 0)
    }
}

/// Holds waiters until opened; opened, it lets everyone through.
final class AsyncGate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let passes = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if passes { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

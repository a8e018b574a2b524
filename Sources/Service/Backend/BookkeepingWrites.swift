import Foundation
import Synchronization

/// The writes a request makes for later (search history, cached answers, the budget's call log,
/// the spotlight pick, when installs were last used) rather than as its answer. Their failure (disk full, database busy or gone)
/// must not fail an answer that is ready: it is dropped, counted for /metrics and reported, at most
/// once a minute per kind, since a full disk fails every one of them. Writes that need not happen
/// before the answer are queued (`later`) and run one at a time, so a locked database delays
/// none of the answers; the queue is bounded, and what does not fit counts as a failure.
public final class BookkeepingWrites: Sendable {
    public enum Write: String, Sendable, CaseIterable {
        case searchHistory = "search_history"
        case responseCache = "response_cache"
        case callLog = "call_log"
        case spotlight = "spotlight"
        case installUse = "install_use"
    }

    private struct State {
        var failures: [Write: Int] = [:]
        var lastReported: [Write: Date] = [:]
    }

    private typealias Job = (write: Write, body: @Sendable () async throws -> Void)

    /// The writes waiting for the one writer, and who waits for all of them to be done.
    private struct Queue {
        var pending: [Job] = []
        var isDraining = false
        var flushWaiters: [CheckedContinuation<Void, Never>] = []
    }

    static let reportIntervalSeconds: Double = 60
    /// Writes waiting at most; beyond it a write is dropped (and counted), so memory stays bounded.
    public static let defaultQueueLimit = 1_000

    private let state = Mutex(State())
    private let queue = Mutex(Queue())
    private let queueLimit: Int
    private let report: @Sendable (any Error) -> Void
    private let now: @Sendable () -> Date

    public init(report: @escaping @Sendable (any Error) -> Void = { _ in }, now: @escaping @Sendable () -> Date = { Date() },
                queueLimit: Int = defaultQueueLimit) {
        self.report = report
        self.now = now
        self.queueLimit = queueLimit
    }

    /// Queues `body` to run after the caller has answered, in order, one at a time; never waits.
    /// False when the queue is full (the write is dropped and counted).
    @discardableResult
    func later(_ write: Write, _ body: @escaping @Sendable () async throws -> Void) -> Bool {
        let (accepted, startDrain) = queue.withLock { queue -> (Bool, Bool) in
            guard queue.pending.count < queueLimit else { return (false, false) }
            queue.pending.append((write, body))
            if queue.isDraining { return (true, false) }
            queue.isDraining = true
            return (true, true)
        }
        if !accepted { failed(write, QueueFull(limit: queueLimit)) }
        // Detached: the writer belongs to no request, and must not run on a request's executor.
        if startDrain { Task.detached { await self.drain() } }
        return accepted
    }

    /// Returns once every write queued before the call has run (for tests, shutdown, and reads
    /// that must see the writes, such as the history list).
    public func flush() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let idle = queue.withLock { queue -> Bool in
                if !queue.isDraining { return true }
                queue.flushWaiters.append(waiter)
                return false
            }
            if idle { waiter.resume() }
        }
    }

    private func drain() async {
        while true {
            let (next, waiters) = queue.withLock { queue -> (Job?, [CheckedContinuation<Void, Never>]) in
                if !queue.pending.isEmpty { return (queue.pending.removeFirst(), []) }
                queue.isDraining = false
                defer { queue.flushWaiters = [] }
                return (nil, queue.flushWaiters)
            }
            guard let next else {
                for waiter in waiters { waiter.resume() }
                return
            }
            await attempt(next.write, next.body)
        }
    }

    /// Runs `body` on the caller's isolation; a failure is counted and maybe reported, never thrown.
    func attempt(_ write: Write, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            failed(write, error)
        }
    }

    /// Failed writes by kind since start.
    public var failures: [Write: Int] { state.withLock { $0.failures } }

    private func failed(_ write: Write, _ error: any Error) {
        let current = now()
        let isReportDue = state.withLock { state -> Bool in
            state.failures[write, default: 0] += 1
            if let last = state.lastReported[write], current.timeIntervalSince(last) < Self.reportIntervalSeconds,
               current >= last {
                return false
            }
            state.lastReported[write] = current
            return true
        }
        if isReportDue { report(BookkeepingWriteFailed(write: write.rawValue, underlying: error)) }
    }
}

/// Why a write was dropped without being tried: too many were waiting.
struct QueueFull: Error, CustomStringConvertible {
    let limit: Int
    var description: String { "\(limit) bookkeeping writes already waiting" }
}

/// What is reported when a bookkeeping write fails: which one, and why.
public struct BookkeepingWriteFailed: Error, CustomStringConvertible {
    public let write: String
    public let underlying: any Error

    public var description: String { "bookkeeping write \(write) dropped: \(underlying)" }
}

import Model
import Primitives
import Foundation
import Synchronization

/// The writes a request makes for later (search history, cached answers, the budget's call log,
/// the spotlight pick, when installs were last used) rather than as its answer. Their failure
/// (disk full, database busy or gone) must not fail an answer that is ready: it is dropped,
/// counted for /metrics and reported, at most once a minute per kind, since a full disk fails
/// every one of them. Writes that need not happen before the answer are queued (`later`) and run
/// one at a time, so a locked database delays none of the answers; each kind has a bounded share
/// of the queue (`BookkeepingQueue`), and what does not fit counts as a failure. A flush waits for
/// the writes queued before it, not for a queue that more writes keep filling. Writes queued for a
/// batch runner (`BookkeepingBatchRunner`) that wait next to each other run as one batch, in
/// order, each failing alone.
package final class BookkeepingWrites: Sendable {
    package enum Write: String, Sendable, CaseIterable {
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

    package typealias Body = @Sendable () async throws -> Void

    /// The writes waiting for the one writer, whether it is running, and the flushes waiting for it.
    private struct Writer {
        var queue: BookkeepingQueue<BookkeepingJob>
        var isDraining = false
        var merged: [Write: Int] = [:]
        var flushes: [(upTo: Int, waiter: CheckedContinuation<Void, Never>)] = []
    }

    static let reportIntervalSeconds: Double = 60
    /// Writes of one kind waiting at most; beyond it a write of that kind is dropped (and counted),
    /// so memory stays bounded, and the other kinds keep their shares.
    package static let defaultSharePerKind = 250
    /// Writes run as one batch at most: a batch holds the database's write lock while it runs.
    static let batchLimit = 32

    private let state = Mutex(State())
    private let writer: Mutex<Writer>
    private let sharePerKind: Int
    private let report: @Sendable (any Error) -> Void
    private let now: @Sendable () -> Date

    package init(report: @escaping @Sendable (any Error) -> Void = { _ in }, now: @escaping @Sendable () -> Date = { Date() },
                sharePerKind: Int = defaultSharePerKind) {
        self.report = report
        self.now = now
        let queue = BookkeepingQueue<BookkeepingJob>(sharePerKind: sharePerKind)
        self.sharePerKind = queue.sharePerKind
        writer = Mutex(Writer(queue: queue))
    }

    /// Queues `body` to run after the caller has answered, in order, one at a time; never waits.
    /// With a `mergeKey`, it replaces the write of its kind and key still waiting (queued again
    /// behind the others): repeating a write that only its last instance matters for, say the
    /// same search made again, costs nothing while the writer is busy.
    package func later(_ write: Write, mergeKey: String? = nil, _ body: @escaping Body) {
        queue(write, mergeKey: mergeKey, .alone(body))
    }

    /// Queues `item` for `runner`, as `later` queues a body (same order, merging and share); the
    /// items of one runner found waiting one after another run in one `run` of it.
    package func later<Runner: BookkeepingBatchRunner>(_ write: Write, mergeKey: String? = nil, _ item: Runner.Item, in runner: Runner) {
        queue(write, mergeKey: mergeKey, .batched(BatchedItem(item, in: runner)))
    }

    private func queue(_ write: Write, mergeKey: String?, _ job: BookkeepingJob) {
        let (outcome, startDrain) = writer.withLock { writer -> (BookkeepingQueue<BookkeepingJob>.Outcome, Bool) in
            let outcome = writer.queue.add(write, mergeKey: mergeKey, job)
            if outcome == .merged { writer.merged[write, default: 0] += 1 }
            if outcome == .full || writer.isDraining { return (outcome, false) }
            writer.isDraining = true
            return (outcome, true)
        }
        if outcome == .full { failed(write, QueueFull(share: sharePerKind, write: write)) }
        // Detached: the writer belongs to no request. It runs on the requester's event loop (when
        // there is one), which only hands each batch to the database's thread and takes the next:
        // on Swift's pool, starting it and each return from the database woke a pool thread.
        if startDrain { Task.detached(executorPreference: RequestExecutor.preferred) { await self.drain() } }
    }

    /// Returns once every write queued before the call has run (for tests, shutdown, and reads
    /// that must see the writes, such as the history list); writes queued after it do not delay it.
    package func flush() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let idle = writer.withLock { writer -> Bool in
                if !writer.isDraining { return true }
                writer.flushes.append((writer.queue.hold(), waiter))
                return false
            }
            if idle { waiter.resume() }
        }
    }

    private func drain() async {
        while true {
            let (batch, done) = writer.withLock { writer -> ([BookkeepingQueue<BookkeepingJob>.Entry], [CheckedContinuation<Void, Never>]) in
                guard let first = writer.queue.takeNext() else {
                    writer.isDraining = false
                    return ([], Self.flushesDone(below: writer.queue.lastTicket + 1, in: &writer))
                }
                // The writes before have run: so has every one with a lower ticket than the next.
                let done = Self.flushesDone(below: first.ticket, in: &writer)
                var batch = [first]
                if let runner = first.job.runner {
                    while batch.count < Self.batchLimit, let next = writer.queue.takeNext(if: { $0.job.runner == runner }) {
                        batch.append(next)
                    }
                }
                return (batch, done)
            }
            for waiter in done { waiter.resume() }
            guard !batch.isEmpty else { return }
            await run(batch)
        }
    }

    /// Runs a write alone, or the items of one runner (those the drain took together) in one
    /// `run`, each failure counted for its own write.
    private func run(_ batch: [BookkeepingQueue<BookkeepingJob>.Entry]) async {
        guard let first = batch.first else { return }
        switch first.job {
        case .alone(let body):
            await attempt(first.write, body)
        case .batched(let item):
            // Every entry of the batch is one of the runner's items (`takeNext(if:)` in `drain`).
            let failures = await item.runBatch(batch.compactMap { entry -> (any Sendable)? in
                if case .batched(let batched) = entry.job { return batched.item }
                return nil
            })
            for (index, entry) in batch.enumerated() {
                let failure = index < failures.count ? failures[index] : BatchAnswerMissing()
                if let failure { failed(entry.write, failure) }
            }
        }
    }

    /// The flushes waiting for tickets below `ticket` only, taken off the list to be resumed.
    private static func flushesDone(below ticket: Int, in writer: inout Writer) -> [CheckedContinuation<Void, Never>] {
        let done = writer.flushes.filter { $0.upTo < ticket }.map(\.waiter)
        writer.flushes.removeAll { $0.upTo < ticket }
        return done
    }

    /// Runs `body` on the caller's isolation; a failure is counted and maybe reported, never thrown.
    package func attempt(_ write: Write, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            failed(write, error)
        }
    }

    /// Failed writes by kind since start, those dropped for a full share included.
    package var failures: [Write: Int] { state.withLock { $0.failures } }

    /// Writes by kind since start that replaced one of theirs still waiting (`mergeKey`).
    package var merged: [Write: Int] { writer.withLock { $0.merged } }

    /// Flushes waiting for their writes, for tests.
    package var waitingFlushCount: Int { writer.withLock { $0.flushes.count } }

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

/// Why a write was dropped without being tried: its kind's share of the queue was full.
struct QueueFull: Error, CustomStringConvertible {
    let share: Int
    let write: BookkeepingWrites.Write
    var description: String { "\(share) \(write.rawValue) writes already waiting" }
}

/// What is reported when a bookkeeping write fails: which one, and why.
package struct BookkeepingWriteFailed: Error, CustomStringConvertible {
    package let write: String
    package let underlying: any Error

    package var description: String { "bookkeeping write \(write) dropped: \(underlying)" }
}

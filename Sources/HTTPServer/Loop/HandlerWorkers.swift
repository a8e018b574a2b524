import Primitives
import Synchronization

/// The tasks that run one loop's handlers. A worker runs a request, then parks until the loop
/// hands it the next one, so a request usually starts no task of its own. That matters because a
/// new task costs allocations: the task itself and, as the handler's async frames outgrow its
/// first slab, one slab per frame or so (about half of a cached answer's mallocs). A worker keeps
/// its slabs and reuses them for every request it runs.
///
/// When no worker is parked, the request starts a new one; so there are never fewer workers than
/// requests in flight, as when each request had its task. At most `maxParked` wait; a worker
/// finding that many parked already ends. Workers prefer the loop's executor: a handler that
/// does not suspend runs start to finish on the loop's thread, as before.
final class HandlerWorkers: Sendable {
    struct Work: Sendable {
        /// What the responder left for a worker: the wait for the answer.
        let wait: @Sendable () async throws -> HTTPResponse
        /// For the log, when the wait fails with no answer of its own.
        let request: HTTPRequest
        let token: UInt64
    }

    private struct State {
        var parked: [UnsafeContinuation<Work?, Never>] = []
        var stopped = false
    }

    let maxParked: Int
    private let executor: any TaskExecutor
    private let run: @Sendable (Work) async -> Void
    private let state = Mutex(State())

    /// `run` handles one request and posts its response; it must not throw.
    init(executor: any TaskExecutor, maxParked: Int, run: @escaping @Sendable (Work) async -> Void) {
        self.executor = executor
        self.maxParked = maxParked
        self.run = run
    }

    /// Runs `work` on a parked worker, or on a new one.
    func dispatch(_ work: Work) {
        if let parked = state.withLock({ $0.parked.popLast() }) {
            parked.resume(returning: work)
            return
        }
        Task(executorPreference: executor) { [self] in
            // Set once for the worker's life: the tasks its requests start may run here too.
            await RequestExecutor.$preferred.withValue(executor) {
                var next: Work? = work
                while let work = next {
                    await run(work)
                    next = await nextWork()
                }
            }
        }
    }

    /// How many workers wait for a request now.
    var parkedCount: Int { state.withLock { $0.parked.count } }

    /// Ends the parked workers; a busy one ends when its request is done.
    func stop() {
        let parked = state.withLock { state -> [UnsafeContinuation<Work?, Never>] in
            state.stopped = true
            defer { state.parked.removeAll() }
            return state.parked
        }
        for worker in parked { worker.resume(returning: nil) }
    }

    /// The next request to run, once `dispatch` hands one over; nil ends the worker (stopped, or
    /// enough workers wait already).
    private func nextWork() async -> Work? {
        await withUnsafeContinuation { worker in
            let parked = state.withLock { state -> Bool in
                guard !state.stopped, state.parked.count < maxParked else { return false }
                state.parked.append(worker)
                return true
            }
            if !parked { worker.resume(returning: nil) }
        }
    }
}

import Synchronization

/// An async mutex: one async body runs at a time, in arrival order (first in, first out); a lock
/// that can be held across `await` (an actor cannot, since it lets other calls in while one
/// awaits). Not on the path of a cached answer: what writes in order (favorites) takes it.
package final class AsyncMutex: Sendable {
    private struct State {
        var isHeld = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    package init() {}

    /// Callers waiting for the mutex, for tests.
    var waiting: Int { state.withLock { $0.waiters.count } }

    package func run<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async rethrows -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    /// Runs `body` in a task of its own, holding the mutex: when the mutex is free (as at start-up)
    /// it is held from this call on, so whoever calls `run` afterwards waits for `body` first.
    package func runInBackground(_ body: @escaping @Sendable () async -> Void) {
        let entered = state.withLock { state -> Bool in
            if state.isHeld { return false }
            state.isHeld = true
            return true
        }
        Task {
            if !entered { await enter() }
            defer { leave() }
            await body()
        }
    }

    private func enter() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let entered = state.withLock { state -> Bool in
                if state.isHeld {
                    state.waiters.append(waiter)
                    return false
                }
                state.isHeld = true
                return true
            }
            if entered { waiter.resume() }
        }
    }

    /// Hands the mutex to the next waiter, still held, so nobody can slip in between.
    private func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.isHeld = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}

import Model
import Primitives
import Synchronization

/// A task's value, or what is at hand at a deadline, whichever comes first. The task is not
/// cancelled when the deadline wins: it goes on (a shared upstream call that fills the cache).
enum FirstOf {
    /// At `deadline`, `atHand` is asked; nil there means the task's value is waited for after all.
    static func value<T: Sendable>(of task: Task<T, any Error>, orAt deadline: ContinuousClock.Instant,
                                   _ atHand: @escaping @Sendable () -> T?) async throws -> T {
        let answer = OneAnswer<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                answer.await(continuation)
                // Both on the request's executor when it has one (its event loop's): neither
                // wakes a thread of Swift's pool for a miss (issue 46 item 7).
                let timer = Task(executorPreference: RequestExecutor.preferred) {
                    try await Task.sleep(until: deadline, clock: .continuous)
                    if let value = atHand() { answer.give(.success(value)) }
                }
                Task(executorPreference: RequestExecutor.preferred) {
                    let result = await task.result
                    timer.cancel()
                    answer.give(result)
                }
            }
        } onCancel: {
            // The caller gave up waiting: what is at hand now, if anything; else the task's value.
            if let value = atHand() { answer.give(.success(value)) }
        }
    }
}

/// A continuation resumed once, by whichever answer comes first; the later ones are dropped.
private final class OneAnswer<T: Sendable>: Sendable {
    private enum State {
        case waiting
        case awaiting(CheckedContinuation<T, any Error>)
        case given(Result<T, any Error>)
        case done
    }

    private let state = Mutex(State.waiting)

    func await(_ continuation: CheckedContinuation<T, any Error>) {
        let early = state.withLock { state -> Result<T, any Error>? in
            if case .given(let result) = state {
                state = .done
                return result
            }
            state = .awaiting(continuation)
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func give(_ result: Result<T, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<T, any Error>? in
            switch state {
            case .waiting:
                state = .given(result)
                return nil
            case .awaiting(let continuation):
                state = .done
                return continuation
            case .given, .done:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}

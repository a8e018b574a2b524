import Synchronization

/// A task's value, or a value at hand once a wait is over, whichever comes first. The task is
/// not cancelled when the wait wins: it goes on (a shared upstream call that fills the cache).
enum FirstOf {
    static func value<T: Sendable>(of task: Task<T, any Error>, orAfter wait: Duration, _ fallback: T) async throws -> T {
        let answer = OneAnswer<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                answer.await(continuation)
                let timer = Task {
                    try? await Task.sleep(for: wait)
                    answer.give(.success(fallback))
                }
                Task {
                    let result = await task.result
                    timer.cancel()
                    answer.give(result)
                }
            }
        } onCancel: {
            // The caller gave up: it gets what is at hand now rather than waiting for either.
            answer.give(.success(fallback))
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

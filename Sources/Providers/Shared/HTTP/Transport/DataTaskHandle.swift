import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The data task of one call, shared between the call and its cancellation handler, which
/// may run before the task exists. The mutex makes "started" and "cancelled" one decision.
final class DataTaskHandle: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Resumes the task; if the call was already cancelled, cancels it right away so its
    /// completion handler still runs (and the continuation is resumed exactly once).
    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}

import Foundation
import Synchronization

/// What one GET asks of the loop. The URL may hold a key: it goes to libcurl and nowhere else.
struct UpstreamRequest: Sendable {
    var url: String
    /// "Name: value" lines, checked free of CR and LF.
    var headerLines: [String]
    var timeoutMilliseconds: Int
    var maxBodyBytes: Int
}

/// One call, shared by the waiting task, its cancellation handler and the loop thread. Its
/// continuation is taken out under the mutex by whoever ends the call (completion, failure,
/// cancellation, shutdown), so it is resumed exactly once.
final class UpstreamCall: Sendable {
    private struct State {
        var continuation: CheckedContinuation<HTTPExchange, any Error>?
        var cancelled = false
    }

    let request: UpstreamRequest
    /// When the loop ends the call if it has not ended yet: its timeout from now, waiting for a
    /// free connection included (libcurl's own timeout is the same, but a transfer queued for a
    /// connection is not libcurl's to time in every version).
    let deadline: ContinuousClock.Instant
    private let state = Mutex(State())

    init(_ request: UpstreamRequest) {
        self.request = request
        deadline = .now + .milliseconds(request.timeoutMilliseconds)
    }

    /// Keeps the continuation; false (and the continuation resumed with CancellationError) when
    /// the caller was cancelled before the call began.
    func begin(_ continuation: CheckedContinuation<HTTPExchange, any Error>) -> Bool {
        let cancelled = state.withLock { state in
            if !state.cancelled { state.continuation = continuation }
            return state.cancelled
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Marks the call cancelled; the loop, told separately, stops its transfer.
    func cancel() {
        state.withLock { $0.cancelled = true }
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    func finish(_ result: Result<HTTPExchange, any Error>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}

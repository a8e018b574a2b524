import Model
import Foundation
import Synchronization

/// After the upstream fails in a way every other call would too (rate limited, a 5xx, unreachable,
/// too slow, the key refused), the gateway holds its calls off for a while instead of repeating
/// them: a soak run saw a failing upstream asked 100,000 times a minute. A 429's Retry-After holds
/// at once, for as long as it says. Otherwise one failure may be that call's own, so the second in
/// a row holds for 1 s, doubling with each further one, up to 30 s. When the wait is over one call
/// goes out as a probe while the rest keep failing fast; any answer ends the hold.
final class UpstreamHoldOff: Sendable {
    static let firstWait: Double = 1
    static let longestWait: Double = 30
    /// A Retry-After longer than this is read as this: an odd header must not silence a provider for days.
    static let longestRetryAfter: Double = 3_600

    private struct State {
        var cause: UpstreamError?
        var until = Date.distantPast
        var failuresInARow = 0
        var probing = false
    }

    private let state = Mutex(State())

    /// Whether a call may go out now. Throws while the upstream is held off; true when this call
    /// is the probe, which must end in `answered`, `failed` or `abandoned`.
    func permit(now: Date) throws(UpstreamHeldOff) -> Bool {
        try state.withLock { state throws(UpstreamHeldOff) -> Bool in
            guard let cause = state.cause else { return false }
            if now < state.until {
                throw UpstreamHeldOff(cause: cause, retryAfter: max(1, Int(state.until.timeIntervalSince(now).rounded(.up))))
            }
            if state.probing { throw UpstreamHeldOff(cause: cause, retryAfter: 1) }
            state.probing = true
            return true
        }
    }

    /// The upstream answered (an error that is an answer, such as a 404, counts): the hold ends.
    func answered() {
        state.withLock { $0 = State() }
    }

    /// A call failed with `error`. Failures that say nothing of the other calls (a 404, a bad
    /// body) end the hold as an answer does; a call that began before the hold adds no wait.
    func failed(_ error: UpstreamError, probe: Bool, now: Date) {
        let told: Double?
        switch error {
        case .rateLimited(let retryAfter?) where retryAfter > 0: told = min(Double(retryAfter), Self.longestRetryAfter)
        case .rateLimited, .serverError, .unavailable, .timeout, .unauthorized: told = nil
        case .notFound, .rejected, .badResponse: return answered()
        }
        state.withLock { state in
            if !probe, state.cause != nil, now < state.until || state.probing { return }
            state.failuresInARow += 1
            state.probing = false
            guard told != nil || state.failuresInARow >= 2 else { return }
            let doubling = min(Self.longestWait, Self.firstWait * pow(2, Double(min(state.failuresInARow - 2, 16))))
            state.until = now.addingTimeInterval(told ?? doubling)
            state.cause = error
        }
    }

    /// The probe ended with no word from the upstream (its caller was cancelled): another may go.
    func abandoned() {
        state.withLock { $0.probing = false }
    }
}

/// No call was made: the upstream failed with `cause` a moment ago and is held off for
/// `retryAfter` more seconds.
package struct UpstreamHeldOff: Error, Equatable, Sendable {
    package let cause: UpstreamError
    package let retryAfter: Int

    package init(cause: UpstreamError, retryAfter: Int) {
        self.cause = cause
        self.retryAfter = retryAfter
    }
}

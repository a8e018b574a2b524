import Synchronization

/// Lets a repeated warning through at most once per interval, counting the ones it held back.
final class RateLimitedWarning: Sendable {
    private struct State {
        var last: UInt64?
        var suppressed = 0
    }

    private let interval: UInt64
    private let state = Mutex(State())

    init(interval: UInt64) { self.interval = interval }

    /// nil: stay quiet. Otherwise warn now, mentioning how many were held back since the last one.
    func shouldWarn(now: UInt64) -> Int? {
        state.withLock { state -> Int? in
            if let last = state.last, now &- last < interval {
                state.suppressed += 1
                return nil
            }
            defer {
                state.last = now
                state.suppressed = 0
            }
            return state.suppressed
        }
    }
}

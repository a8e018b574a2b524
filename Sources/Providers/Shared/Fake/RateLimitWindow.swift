import Foundation
import Synchronization

/// An upstream's limit per key over a window (Unsplash's and Pexels' hour, Pexels' month):
/// counted down by every authorized call, refilled a window after the window's first call.
package final class RateLimitWindow: Sendable {
    private struct State {
        var windowStart: ContinuousClock.Instant?
        var used = 0
    }

    package let limit: Int
    /// How long one window lasts: an hour unless said.
    package let window: Duration
    private let state = Mutex(State())

    package init(limit: Int, window: Duration = .seconds(3600)) {
        self.limit = max(0, limit)
        self.window = window
    }

    /// Takes one call; the calls left after it, or nil when none was left (the call is refused).
    package func take(now: ContinuousClock.Instant = .now) -> Int? {
        state.withLock { state in
            if let start = state.windowStart, now - start >= window { state = State() }
            if state.windowStart == nil { state.windowStart = now }
            guard state.used < limit else { return nil }
            state.used += 1
            return limit - state.used
        }
    }

    /// The calls left without taking one.
    package var remaining: Int { state.withLock { limit - $0.used } }

    package func reset() { state.withLock { $0 = State() } }
}

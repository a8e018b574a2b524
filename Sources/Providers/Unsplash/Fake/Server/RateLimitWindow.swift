import Foundation
import Synchronization

/// Unsplash's hourly limit per key: counted down by every authorized call, refilled an hour
/// after the window's first call.
final class RateLimitWindow: Sendable {
    private struct State {
        var windowStart: ContinuousClock.Instant?
        var used = 0
    }

    let limit: Int
    private let state = Mutex(State())
    private static let window: Duration = .seconds(3600)

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Takes one call; the calls left after it, or nil when none was left (the call is refused).
    func take(now: ContinuousClock.Instant = .now) -> Int? {
        state.withLock { state in
            if let start = state.windowStart, now - start >= Self.window { state = State() }
            if state.windowStart == nil { state.windowStart = now }
            guard state.used < limit else { return nil }
            state.used += 1
            return limit - state.used
        }
    }

    func reset() { state.withLock { $0 = State() } }
}

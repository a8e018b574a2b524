import Synchronization

/// KLIPY's limit per key: a test key's 100 calls a minute (its public clients' READMEs), counted
/// down by every authorized call and refilled a minute after the window's first call.
final class KlipyMinuteLimit: Sendable {
    private struct State {
        var windowStart: ContinuousClock.Instant?
        var used = 0
    }

    let limit: Int
    private let state = Mutex(State())
    static let window: Duration = .seconds(60)

    init(limit: Int) { self.limit = max(0, limit) }

    /// Takes one call: the calls left after it, or the whole seconds until the window refills
    /// when none was left (the call is refused).
    func take(now: ContinuousClock.Instant = .now) -> Result<Int, Refused> {
        state.withLock { state in
            if let start = state.windowStart, now - start >= Self.window { state = State() }
            let start = state.windowStart ?? now
            state.windowStart = start
            guard state.used < limit else {
                let left = Self.window - (now - start)
                return .failure(Refused(retryAfterSeconds: max(1, Int(left.components.seconds) + 1)))
            }
            state.used += 1
            return .success(limit - state.used)
        }
    }

    func reset() { state.withLock { $0 = State() } }

    struct Refused: Error { let retryAfterSeconds: Int }
}

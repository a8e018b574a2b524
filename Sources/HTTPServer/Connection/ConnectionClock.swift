/// Where a connection's state machine reads the time: the loop's clock, or a test's fake.
protocol ConnectionClock: AnyObject {
    /// Monotonic nanoseconds from an arbitrary fixed point.
    var now: UInt64 { get }
    /// `now` as the loop last read it (when it woke), for deadlines, which are seconds long:
    /// a read of the clock each time one is set was several clock reads a request.
    var recent: UInt64 { get }
    /// The Date header's value for the current second.
    func httpDate() -> String
}

/// The real clock of one loop thread; its Date text is recomputed at most once a second.
/// Not Sendable: each loop owns one and uses it only on its thread.
final class LoopClock: ConnectionClock {
    private var dateCache = HTTPDateCache()
    /// Set by `read()`; behind the true time by at most the loop's current turn.
    private(set) var recent = MonotonicClock.now()

    var now: UInt64 { MonotonicClock.now() }

    /// Reads the clock, and keeps what it read as `recent`.
    @discardableResult
    func read() -> UInt64 {
        recent = MonotonicClock.now()
        return recent
    }

    func httpDate() -> String { dateCache.current() }
}

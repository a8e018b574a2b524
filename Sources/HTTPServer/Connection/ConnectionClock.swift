/// Where a connection's state machine reads the time: the loop's clock, or a test's fake.
protocol ConnectionClock: AnyObject {
    /// Monotonic nanoseconds from an arbitrary fixed point.
    var now: UInt64 { get }
    /// The Date header's value for the current second.
    func httpDate() -> String
}

/// The real clock of one loop thread; its Date text is recomputed at most once a second.
/// Not Sendable: each loop owns one and uses it only on its thread.
final class LoopClock: ConnectionClock {
    private var dateCache = HTTPDateCache()

    var now: UInt64 { MonotonicClock.now() }

    func httpDate() -> String { dateCache.current() }
}

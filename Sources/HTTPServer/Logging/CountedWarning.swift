import Synchronization

/// Something the server does under pressure (a connection closed or refused at a limit): counted
/// since the start, and warned about at most once per interval with the total so far and how many
/// warnings were held back, so a flood of it cannot flood the log.
final class CountedWarning: Sendable {
    private let total = Atomic<Int>(0)
    private let warnings: RateLimitedWarning
    private let message: String
    private let totalName: String

    init(_ message: String, totalName: String, interval: UInt64 = 5_000_000_000) {
        self.message = message
        self.totalName = totalName
        warnings = RateLimitedWarning(interval: interval)
    }

    var count: Int { total.load(ordering: .relaxed) }

    /// Counts one, and warns with `setting` (the limit reached) when the interval allows.
    func note(to logger: Logger, _ setting: Logger.Field) {
        let total = total.add(1, ordering: .relaxed).newValue
        guard let suppressed = warnings.shouldWarn(now: MonotonicClock.now()) else { return }
        logger.warning(message, setting, (totalName, .int(total)), ("warnings_suppressed", .int(suppressed)))
    }
}

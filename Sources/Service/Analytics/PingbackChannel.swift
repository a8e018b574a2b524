import Model
import Foundation

/// How the pingback sender works.
package struct PingbackSettings: Sendable {
    /// Off: events are answered and counted as disabled, nothing is sent.
    package var enabled: Bool
    /// Events waiting at most; a full queue drops its oldest.
    package var queueCapacity: Int
    /// Pingbacks sent at once.
    package var batchSize: Int
    /// The wait before the one retry of a failed pingback.
    package var retryDelay: Duration

    package init(enabled: Bool = true, queueCapacity: Int = 1_000, batchSize: Int = 16, retryDelay: Duration = .milliseconds(500)) {
        self.enabled = enabled
        self.queueCapacity = max(1, queueCapacity)
        self.batchSize = max(1, batchSize)
        self.retryDelay = retryDelay
    }
}

/// What became of the events, for the metrics: one count per item.
package struct PingbackCounts: Sendable, Equatable {
    /// Pingbacks the upstream took (first try or retry).
    package var sent = 0
    /// Pingbacks that failed twice.
    package var failed = 0
    /// Retries made after a first failure.
    package var retried = 0
    /// Events dropped because the queue was full (the oldest go).
    package var dropped = 0
    /// Events taken while analytics is off.
    package var disabled = 0
    /// Events for items whose pingback url the server does not hold (never fetched for: no budget spent).
    package var noLinks = 0

    package init() {}
}

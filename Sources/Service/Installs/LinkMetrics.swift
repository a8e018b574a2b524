import Synchronization

/// Counts of linking since start, for the metrics: codes made, devices linked, redemptions
/// refused by why, devices revoked.
package final class LinkMetrics: Sendable {
    package struct Counts: Sendable, Equatable {
        package var codesIssued = 0
        package var linked = 0
        package var invalidCode = 0
        package var rateLimited = 0
        package var devicesFull = 0
        package var revoked = 0
    }

    private let counts = Mutex(Counts())

    package init() {}

    package var current: Counts { counts.withLock { $0 } }

    func count(_ change: (inout Counts) -> Void) {
        counts.withLock { change(&$0) }
    }
}

import Synchronization

/// Set once, read from any thread: that something has happened (a stop ended, a write returned),
/// for tests that check what happened before what.
package final class Flag: Sendable {
    private let value = Mutex(false)

    package init() {}

    package func set() { value.withLock { $0 = true } }

    package var isSet: Bool { value.withLock { $0 } }
}

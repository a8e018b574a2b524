import Synchronization

/// How many changes of one kind (favorites changed, installs deleted, blocks changed) this
/// instance has heard announced (LISTEN), from any instance. The listener counts; a store reports
/// the count, and tells those observing it (the blocks are read again at once, not on the next
/// request: a request reading them must not wait for the store).
final class Announcements: Sendable {
    private let count = Atomic<Int>(0)
    private let observers = Mutex<[@Sendable () -> Void]>([])

    var heard: Int { count.load(ordering: .acquiring) }

    func hear() {
        count.add(1, ordering: .releasing)
        for observer in observers.withLock({ $0 }) { observer() }
    }

    /// `heard` is called on each announcement from now on.
    func observe(_ heard: @escaping @Sendable () -> Void) {
        observers.withLock { $0.append(heard) }
    }
}

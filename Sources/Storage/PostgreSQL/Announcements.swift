import Synchronization

/// How many changes of one kind (favorites changed, installs deleted, blocks changed) this
/// instance has heard announced (LISTEN), from any instance. The listener counts; a store reports
/// the count, and tells those observing it (the blocks are read again at once, not on the next
/// request: a request reading them must not wait for the store). While nobody listens (before the
/// first LISTEN, and from a lost connection until LISTEN again on a new one, as across a
/// failover) each look counts as a change: what was read before may be stale, and nothing would
/// say so, so nothing read is trusted until listening again.
final class Announcements: Sendable {
    private let count = Atomic<Int>(0)
    private let deaf = Atomic<Bool>(true)
    private let observers = Mutex<[@Sendable () -> Void]>([])

    var heard: Int {
        deaf.load(ordering: .acquiring) ? count.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue : count.load(ordering: .acquiring)
    }

    func hear() {
        count.add(1, ordering: .releasing)
        for observer in observers.withLock({ $0 }) { observer() }
    }

    /// `heard` is called on each announcement from now on.
    func observe(_ heard: @escaping @Sendable () -> Void) {
        observers.withLock { $0.append(heard) }
    }

    /// The listening connection was lost: announcements go unheard from now on.
    func deafened() {
        deaf.store(true, ordering: .releasing)
        hear()
    }

    /// Listening (again): what was missed meanwhile counts as one change more.
    func listening() {
        deaf.store(false, ordering: .releasing)
        hear()
    }
}

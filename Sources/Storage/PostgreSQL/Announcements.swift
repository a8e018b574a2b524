import Synchronization

/// How many changes of one kind (favorites changed, installs deleted) this instance has heard
/// announced (LISTEN), from any instance. The listener counts; a store reports the count.
final class Announcements: Sendable {
    private let count = Atomic<Int>(0)

    var heard: Int { count.load(ordering: .acquiring) }

    func hear() { count.add(1, ordering: .releasing) }
}

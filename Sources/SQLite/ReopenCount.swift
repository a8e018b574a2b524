import Synchronization

/// How many times a pool's write connection opened its file again (it was deleted or replaced):
/// the read connection opens it again whenever the count moved, so reads follow the writes.
final class ReopenCount: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }

    func increment() {
        count.add(1, ordering: .releasing)
    }
}

import Synchronization

/// Counts the requests that joined an upstream call under way (coalescing), so that each of them
/// can tell whether the miss it gets answered others too (`Fetched.sharedCall`): what is written
/// from such a miss is worth keeping for the others; a lone miss's is not.
final class CallCompany: Sendable {
    private let joiners = Atomic<Int>(0)

    func join() { joiners.add(1, ordering: .relaxed) }

    var hasJoiners: Bool { joiners.load(ordering: .relaxed) > 0 }
}

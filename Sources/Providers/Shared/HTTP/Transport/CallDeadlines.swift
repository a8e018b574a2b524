/// The deadlines of the calls a `CurlLoop` has under way, soonest first. Calls of one transport
/// mostly share one timeout, so each new deadline is the latest and goes at the end, and calls
/// mostly end in the order they began, near the front: both ends stay cheap.
struct CallDeadlines {
    private var calls: [UpstreamCall] = []

    var soonest: ContinuousClock.Instant? { calls.first?.deadline }

    mutating func insert(_ call: UpstreamCall) {
        var index = calls.endIndex
        while index > calls.startIndex, calls[index - 1].deadline > call.deadline { index -= 1 }
        calls.insert(call, at: index)
    }

    mutating func remove(_ call: UpstreamCall) {
        if let index = calls.firstIndex(where: { $0 === call }) { calls.remove(at: index) }
    }

    /// The call whose deadline is `now` or past, taken off; nil when none is.
    mutating func takeOverdue(at now: ContinuousClock.Instant) -> UpstreamCall? {
        guard let first = calls.first, first.deadline <= now else { return nil }
        calls.removeFirst()
        return first
    }
}

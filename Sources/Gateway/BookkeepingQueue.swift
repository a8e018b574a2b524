import Model
/// The writes waiting for the bookkeeping writer, in the order they were queued, each with a
/// ticket (its place in that order). Each kind of write has a share of the queue of its own, so a
/// flood of one kind never crowds out another. A write given a merge key replaces the one of its
/// kind and key still waiting: it takes that one's place in the share and goes to the back, where
/// it would have been queued without it (the writer sees the same writes in the same order, less
/// the earlier duplicate). A flush waits for a ticket; writes at or below it are never merged away,
/// since a merged write runs later than the flush waits for.
struct BookkeepingQueue<Job> {
    typealias Write = BookkeepingWrites.Write

    struct Entry {
        let ticket: Int
        let write: Write
        let mergeKey: String?
        let job: Job
    }

    enum Outcome: Equatable {
        /// Queued behind the others.
        case queued
        /// Replaced a waiting write of its kind and key, and queued behind the others.
        case merged
        /// Its kind's share is full: not queued.
        case full
    }

    private struct MergeKey: Hashable {
        let write: Write
        let key: String
    }

    let sharePerKind: Int
    private var waiting: [Int: Entry] = [:]
    private var waitingByKind: [Write: Int] = [:]
    /// The waiting write each merge key may merge into; at most one per waiting write.
    private var mergeable: [MergeKey: Int] = [:]
    /// The ticket of the last write queued; 0 before the first.
    private(set) var lastTicket = 0
    /// The ticket the writer looks at next: every one below it has been taken.
    private var nextTicket = 1
    /// The last ticket a flush waits for; no write at or below it is merged away.
    private var heldTicket = 0

    init(sharePerKind: Int) {
        self.sharePerKind = max(sharePerKind, 1)
    }

    var isEmpty: Bool { waiting.isEmpty }

    /// Writes waiting, by kind (those the writer has taken not counted).
    func waitingCount(_ write: Write) -> Int { waitingByKind[write] ?? 0 }

    mutating func add(_ write: Write, mergeKey: String? = nil, _ job: Job) -> Outcome {
        let key = mergeKey.map { MergeKey(write: write, key: $0) }
        if let key, let earlier = mergeable[key], earlier > heldTicket, waiting.removeValue(forKey: earlier) != nil {
            append(write, key, job)
            return .merged
        }
        guard waitingCount(write) < sharePerKind else { return .full }
        waitingByKind[write, default: 0] += 1
        append(write, key, job)
        return .queued
    }

    private mutating func append(_ write: Write, _ key: MergeKey?, _ job: Job) {
        lastTicket += 1
        waiting[lastTicket] = Entry(ticket: lastTicket, write: write, mergeKey: key?.key, job: job)
        if let key { mergeable[key] = lastTicket }
    }

    /// The first write waiting, taken off the queue; nil when none is, or when it is not one
    /// `taking` accepts (it then stays first). Every write with a lower ticket has been taken
    /// before it (or merged into a later one).
    mutating func takeNext(if taking: (Entry) -> Bool = { _ in true }) -> Entry? {
        // Each ticket is looked at once: the gaps merged writes left are skipped as they come.
        while nextTicket <= lastTicket {
            let ticket = nextTicket
            guard let entry = waiting[ticket] else {
                nextTicket += 1
                continue
            }
            guard taking(entry) else { return nil }
            nextTicket += 1
            waiting[ticket] = nil
            waitingByKind[entry.write, default: 1] -= 1
            if let key = entry.mergeKey.map({ MergeKey(write: entry.write, key: $0) }), mergeable[key] == ticket {
                mergeable.removeValue(forKey: key)
            }
            return entry
        }
        return nil
    }

    /// The ticket a flush called now waits for (the last one queued); from now on none of the
    /// writes queued so far is merged into a later one.
    mutating func hold() -> Int {
        heldTicket = lastTicket
        return lastTicket
    }
}

/// Writes of which several, found waiting one after another, can run as one (one transaction
/// and one trip to the database's thread, rather than one of each per write). Queued with
/// `BookkeepingWrites.later(_:mergeKey:_:in:)`; the writer hands the items waiting next to each
/// other for the same runner to one `run`, in the order they were queued.
package protocol BookkeepingBatchRunner: AnyObject, Sendable {
    associatedtype Item: Sendable

    /// Runs `items` in order, leaving what running them one after another would; returns each
    /// one's failure (nil for a success) at its place, so that a failing item is dropped and
    /// counted alone while the others take effect.
    func run(_ items: [Item]) async -> [(any Error)?]
}

/// A queued write: a body of its own, or an item for a batch runner.
enum BookkeepingJob: Sendable {
    case alone(BookkeepingWrites.Body)
    case batched(BatchedItem)

    /// The runner of a batched write; nil for one run alone.
    var runner: ObjectIdentifier? {
        if case .batched(let item) = self { return item.runner }
        return nil
    }
}

/// An item queued for a runner, with the runner's `run` kept for it: items of one runner (the
/// same object, so of the same type) run together.
struct BatchedItem: Sendable {
    let runner: ObjectIdentifier
    let item: any Sendable
    let runBatch: @Sendable ([any Sendable]) async -> [(any Error)?]

    init<Runner: BookkeepingBatchRunner>(_ item: Runner.Item, in runner: Runner) {
        self.runner = ObjectIdentifier(runner)
        self.item = item
        runBatch = { items in
            let typed = items.compactMap { $0 as? Runner.Item }
            // Only this runner's items are handed to it, so every one has its type.
            guard typed.count == items.count else { return items.map { _ in BatchAnswerMissing() } }
            return await runner.run(typed)
        }
    }
}

/// Why a batched write counts as failed when its runner gave no answer for it (a runner
/// returning fewer answers than items: a bug, counted rather than lost silently).
struct BatchAnswerMissing: Error, CustomStringConvertible {
    var description: String { "the batch runner gave no outcome for this write" }
}

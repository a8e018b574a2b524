import Model
import Foundation

/// The current spotlight pick as stored: a GIF snapshot and when it changes.
package struct StoredSpotlight: Equatable, Sendable {
    package let key: String
    package let item: Data
    package let pickedAt: Date
    package let changesAt: Date

    package init(key: String, item: Data, pickedAt: Date, changesAt: Date) {
        self.key = key
        self.item = item
        self.pickedAt = pickedAt
        self.changesAt = changesAt
    }
}

/// Where the spotlight pick is kept, so a restart shows the same GIF and the same countdown.
package protocol SpotlightStore: Sendable {
    func pick(for key: String) async throws -> StoredSpotlight?
    /// Saves the pick, and deletes picks (of other tags) that changed before `forgettingChangedBefore`.
    func save(_ pick: StoredSpotlight, forgettingChangedBefore: Date) async throws
    /// True when other instances share this store: each new pick is then claimed in it, so that
    /// every instance shows the same one.
    var isShared: Bool { get }
    /// Saves `pick` unless the stored pick of its key is not yet due when `pick` was made, as one
    /// step for every instance sharing the store; the pick that holds: `pick`, or the one another
    /// instance claimed first.
    func claim(_ pick: StoredSpotlight, forgettingChangedBefore: Date) async throws -> StoredSpotlight
}

extension SpotlightStore {
    package var isShared: Bool { false }

    /// For a store no other process shares (nothing can claim in between).
    package func claim(_ pick: StoredSpotlight, forgettingChangedBefore: Date) async throws -> StoredSpotlight {
        if let stored = try await self.pick(for: pick.key), stored.changesAt > pick.pickedAt { return stored }
        try await save(pick, forgettingChangedBefore: forgettingChangedBefore)
        return pick
    }
}

import Foundation

/// The current spotlight pick as stored: a GIF snapshot and when it changes.
public struct StoredSpotlight: Equatable, Sendable {
    public let key: String
    public let item: Data
    public let pickedAt: Date
    public let changesAt: Date

    public init(key: String, item: Data, pickedAt: Date, changesAt: Date) {
        self.key = key
        self.item = item
        self.pickedAt = pickedAt
        self.changesAt = changesAt
    }
}

/// Where the spotlight pick is kept, so a restart shows the same GIF and the same countdown.
public protocol SpotlightStore: Sendable {
    func pick(for key: String) async throws -> StoredSpotlight?
    /// Saves the pick, and deletes picks (of other tags) that changed before `forgettingChangedBefore`.
    func save(_ pick: StoredSpotlight, forgettingChangedBefore: Date) async throws
}

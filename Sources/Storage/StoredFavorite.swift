import Foundation

/// A favorite as stored: the GIF's id, its snapshot (opaque bytes, typically JSON), and
/// when it was added (kept to the millisecond).
public struct StoredFavorite: Equatable, Sendable {
    public let id: String
    public let snapshot: Data
    public let addedAt: Date

    public init(id: String, snapshot: Data, addedAt: Date) {
        self.id = id
        self.snapshot = snapshot
        self.addedAt = addedAt
    }
}

/// What an insert did.
public enum FavoriteInsertion: Equatable, Sendable {
    case inserted
    /// The id was already a favorite; nothing changed. Carries the stored one.
    case alreadyPresent(StoredFavorite)
    /// The limit was reached; nothing changed.
    case full
}

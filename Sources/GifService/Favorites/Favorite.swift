import Foundation

/// A favorite GIF: the snapshot taken when it was added, and when that was. Its JSON is the
/// GIF's members (with is_favorite true and share_text) plus added_at.
public struct Favorite: Equatable, Sendable {
    public let gif: GIF
    public let addedAt: Date

    public init(gif: GIF, addedAt: Date) {
        var gif = gif
        gif.isFavorite = true
        self.gif = gif
        self.addedAt = addedAt
    }

    public var id: String { gif.id }
    public var shareText: String { gif.shareText }
}

/// What adding did. Either way the caller gets the favorite as stored.
public enum FavoriteAddResult: Equatable, Sendable {
    case added(Favorite)
    /// The GIF was already a favorite; nothing changed (the old snapshot and time stay).
    case alreadyExisted(Favorite)

    public var favorite: Favorite {
        switch self {
        case .added(let favorite), .alreadyExisted(let favorite): return favorite
        }
    }
}

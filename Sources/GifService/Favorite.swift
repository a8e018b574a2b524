import Foundation

/// A favorite GIF: the snapshot taken when it was added, and when that was. Encodes as the
/// GIF's fields (with is_favorite true and share_text) plus added_at.
public struct Favorite: Encodable, Equatable, Sendable {
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

    enum CodingKeys: String, CodingKey {
        case addedAt = "added_at"
    }

    public func encode(to encoder: any Encoder) throws {
        try gif.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeMeaningful(addedAt, forKey: .addedAt)
    }
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

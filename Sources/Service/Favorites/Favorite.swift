import Model
import Foundation

/// A favorite GIF: the snapshot taken when it was added, and when that was. Its JSON is the
/// GIF's members (with is_favorite true and share_text) plus added_at.
package struct Favorite: Equatable, Sendable {
    package let item: Item
    package let addedAt: Date

    package init(item: Item, addedAt: Date) {
        var item = item
        item.isFavorite = true
        self.item = item
        self.addedAt = addedAt
    }

    package var id: String { item.id }
    package var shareText: String { item.shareText }
}

/// What adding did. Either way the caller gets the favorite as stored.
package enum FavoriteAddResult: Equatable, Sendable {
    case added(Favorite)
    /// The GIF was already a favorite; nothing changed (the old snapshot and time stay).
    case alreadyExisted(Favorite)

    package var favorite: Favorite {
        switch self {
        case .added(let favorite), .alreadyExisted(let favorite): return favorite
        }
    }
}

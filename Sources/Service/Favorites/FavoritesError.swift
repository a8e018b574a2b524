import Model
/// A favorites rule a caller broke, or a stored favorite that cannot be read back. (The cap's
/// refusal is `ServiceError.favoritesFull`, made in one place: `Favorites.full`.)
package enum FavoritesError: Error, Equatable, Sendable {
    /// Removing an id that is not a favorite.
    case notFound(id: String)
    /// A stored snapshot is not a GIF this program can decode (damaged database).
    case unreadableSnapshot(id: String)
}

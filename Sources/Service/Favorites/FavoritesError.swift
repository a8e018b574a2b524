import Model
/// The favorites rules a caller can break, or a stored favorite that cannot be read back.
package enum FavoritesError: Error, Equatable, Sendable {
    /// Adding a new favorite while `limit` are stored.
    case favoritesFull(limit: Int)
    /// Removing an id that is not a favorite.
    case notFound(id: String)
    /// A stored snapshot is not a GIF this program can decode (damaged database).
    case unreadableSnapshot(id: String)
}

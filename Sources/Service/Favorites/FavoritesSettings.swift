import Foundation

/// What the backend makes `Favorites` from: where they are stored, the cap, how many installs'
/// favorites memory holds at once, and the clock (injectable, so tests add at chosen times).
package struct FavoritesSettings: Sendable {
    package var store: any FavoritesStore
    package var limit: Int
    package var memoryCapacity: Int
    package var now: @Sendable () -> Date

    package init(store: any FavoritesStore, limit: Int = Favorites.defaultLimit,
                 memoryCapacity: Int = Favorites.defaultMemoryCapacity, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.limit = limit
        self.memoryCapacity = memoryCapacity
        self.now = now
    }
}

import Foundation
import GifService
import SQLite
import Storage

/// The favorites and search history services on one opened database: what the
/// executable builds at start-up.
public struct StorageServices: Sendable {
    public let favorites: FavoritesService
    public let searchHistory: SearchHistoryService

    public init(
        database: DatabaseActor,
        favoritesLimit: Int = FavoritesService.defaultLimit,
        searchHistoryLimit: Int = SearchHistoryService.defaultLimit,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        favorites = FavoritesService(
            store: SQLiteFavoritesStore(repository: FavoritesRepository(database: database)),
            limit: favoritesLimit, now: now)
        searchHistory = SearchHistoryService(
            store: SQLiteSearchHistoryStore(repository: SearchHistoryRepository(database: database)),
            limit: searchHistoryLimit, now: now)
    }
}

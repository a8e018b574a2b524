import Foundation
import Service
import Model
import Storage
import Synchronization
import TestSupport
import XCTest


/// What the favorites are made from and the search history, on one database, as the app wires them.
struct StorageServices {
    let favorites: FavoritesSettings
    let searchHistory: SearchHistoryService
}

extension XCTestCase {
    /// Services on a fresh database file in a temporary folder.
    func makeServices(
        path: String? = nil, favoritesLimit: Int = Favorites.defaultLimit, clock: TestClock = TestClock()
    ) throws -> StorageServices {
        let stores = try Stores.open(path: try path ?? makeDatabasePath())
        return StorageServices(
            favorites: FavoritesSettings(store: stores.favorites, limit: favoritesLimit, now: { clock.now() }),
            searchHistory: SearchHistoryService(store: stores.searchHistory, now: { clock.now() }))
    }

    /// The favorites as the backend makes them, on a database file (a fresh one by default),
    /// adding what `provider` answers; unexpected failures go to `report`.
    func makeFavorites(
        path: String? = nil, limit: Int = Favorites.defaultLimit, clock: TestClock = TestClock(),
        provider: ScriptedProvider = ScriptedProvider(), report: @escaping @Sendable (any Error) -> Void = { _ in }
    ) throws -> Favorites {
        let store = try Stores.open(path: try path ?? makeDatabasePath()).favorites
        return makeMemoryBackend(provider: provider, favoritesLimit: limit, favoritesStore: store, now: { clock.now() },
                                 report: report).favorites
    }
}

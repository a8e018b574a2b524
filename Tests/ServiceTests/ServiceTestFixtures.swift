import Foundation
import Service
import Model
import Storage
import Synchronization
import TestSupport
import XCTest


/// The favorites and search history services on one database, as the app wires them.
struct StorageServices {
    let favorites: FavoritesService
    let searchHistory: SearchHistoryService
}

extension XCTestCase {
    /// Services on a fresh database file in a temporary folder.
    func makeServices(
        path: String? = nil, favoritesLimit: Int = FavoritesService.defaultLimit, clock: TestClock = TestClock()
    ) throws -> StorageServices {
        let stores = try Stores.open(path: try path ?? makeDatabasePath())
        return StorageServices(
            favorites: FavoritesService(store: stores.favorites, limit: favoritesLimit, now: { clock.now() }),
            searchHistory: SearchHistoryService(store: stores.searchHistory, now: { clock.now() }))
    }
}

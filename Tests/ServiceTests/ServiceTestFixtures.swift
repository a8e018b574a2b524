import Foundation
import Service
import Storage
import Synchronization
import TestSupport
import XCTest

/// A clock the test moves by hand, so favorites can be added at equal or chosen times.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Mutex(start)
    }

    func now() -> Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

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

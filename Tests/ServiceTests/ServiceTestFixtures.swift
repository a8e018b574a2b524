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

/// Lets a test hold the writer inside a write until it says go.
final class Latch: Sendable {
    private let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
    private let opened = Mutex(false)

    func wait() async {
        await withCheckedContinuation { waiter in
            let isOpen = opened.withLock { isOpen in
                if !isOpen { continuation.withLock { $0 = waiter } }
                return isOpen
            }
            if isOpen { waiter.resume() }
        }
    }

    func open() {
        let waiter = opened.withLock { isOpen -> CheckedContinuation<Void, Never>? in
            isOpen = true
            return continuation.withLock { waiter in defer { waiter = nil }; return waiter }
        }
        waiter?.resume()
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

import Gateway
import Foundation
import Service
import Model
import SQLite
import Storage
import Synchronization
import TestSupport
import XCTest

/// On a slow disk (every database and WAL write takes 100 ms), the server's pool answers reads on
/// its read connection while writes queue on its write connection: no read waits for them. Only
/// an order of magnitude is asserted: the reads are answered before a second write is done.
final class SlowDiskTests: XCTestCase {
    func testReadsAreAnsweredWhileSlowWritesQueue() async throws {
        let stores = try Stores.open(path: try makeDatabasePath(), options: SlowDisk.databaseOptions)
        // What the reads will find, written while the disk is still fast.
        try await stores.searchHistory.record("cats", at: Date(), keepingNewest: 10, install: .local)
        try await stores.responseCache.store(CachedAnswer(key: "page", value: Data("{}".utf8), storedAt: Date()), maxEntries: 10)
        _ = try await stores.favorites.insertIfRoom(Self.favorite("kept"), limit: 20, install: .local)

        slowDownDisk(to: .milliseconds(100))
        let writesBefore = SlowDisk.writeCount
        let inserted = Counter()
        // Three inserts at once, of at least two slow writes each (a WAL frame's header and its
        // page): they queue on the write connection, as several users' adds do.
        let favoritesStore = stores.favorites
        let writes = Task.detached { try await SlowDiskTests.insertThree(into: favoritesStore, counting: inserted) }
        try await waitUntil("the first slow write starts") { SlowDisk.writeCount > writesBefore }
        // The other two are queued by now.
        try await Task.sleep(for: .milliseconds(20))

        let answer = try await stores.responseCache.answer(for: "page")
        let history = try await stores.searchHistory.list(containing: nil, install: .local)
        let favorites = try await stores.favorites.list(install: .local)
        XCTAssertLessThanOrEqual(inserted.value, 1, "the reads were answered before a second write was done")
        XCTAssertEqual(answer?.value, Data("{}".utf8))
        XCTAssertEqual(history.map(\.query), ["cats"])
        XCTAssertTrue(favorites.map(\.id).contains("kept"), "\(favorites.map(\.id))")

        try await writes.value
        XCTAssertGreaterThanOrEqual(SlowDisk.writeCount - writesBefore, 6, "the writes went through the slow disk")
        let afterwards = try await stores.favorites.list(install: .local)
        XCTAssertEqual(afterwards.count, 4, "the read connection sees every committed write")
        await stores.close()
    }

    private final class Counter: Sendable {
        private let count = Atomic<Int>(0)
        var value: Int { count.load(ordering: .sequentiallyConsistent) }
        func increment() { count.add(1, ordering: .sequentiallyConsistent) }
    }

    private static func insertThree(into store: any FavoritesStore, counting inserted: Counter) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<3 {
                group.addTask {
                    _ = try await store.insertIfRoom(favorite("slow\(index)"), limit: 20, install: .local)
                    inserted.increment()
                }
            }
            try await group.waitForAll()
        }
    }

    private static func favorite(_ id: String) -> FavoriteRecord {
        FavoriteRecord(id: id, snapshot: Data(#"{"id":"\#(id)"}"#.utf8), addedAt: Date())
    }
}

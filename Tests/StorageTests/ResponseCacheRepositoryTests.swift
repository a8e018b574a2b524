import Foundation
import Service
import SQLite
import Storage
import TestSupport
import XCTest

/// The cache table keeps the most recently used rows within its bound and forgets old ones.
final class ResponseCacheRepositoryTests: XCTestCase {
    private func row(_ key: String, at seconds: Double) -> CachedAnswer {
        CachedAnswer(key: key, value: Data(key.utf8), storedAt: Date(timeIntervalSince1970: seconds))
    }

    func testTheLeastRecentlyUsedRowIsEvictedPastTheBound() async throws {
        let database = try AppDatabase.open(path: try makeDatabasePath())
        let repository = Stores(database: database).responseCache
        try await repository.store(row("a", at: 1_000), maxEntries: 2)
        try await repository.store(row("b", at: 1_001), maxEntries: 2)
        // "a" is used after "b" was stored, so "b" is now the least recently used.
        try await repository.touch(key: "a", at: Date(timeIntervalSince1970: 1_002))
        try await repository.store(row("c", at: 1_003), maxEntries: 2)
        let a = try await repository.answer(for: "a")
        let b = try await repository.answer(for: "b")
        let c = try await repository.answer(for: "c")
        XCTAssertEqual(a?.value, Data("a".utf8))
        XCTAssertNil(b)
        XCTAssertEqual(c?.storedAt, Date(timeIntervalSince1970: 1_003))
        let count = try await database.read { try $0.queryFirst("SELECT count(*) FROM response_cache")?.int(at: 0) }
        XCTAssertEqual(count, 2)
    }

    func testStoringAgainReplacesAndPurgeForgetsOldRows() async throws {
        let repository = Stores(database: try AppDatabase.open(path: try makeDatabasePath())).responseCache
        try await repository.store(row("old", at: 1_000), maxEntries: 10)
        try await repository.store(row("new", at: 5_000), maxEntries: 10)
        try await repository.store(CachedAnswer(key: "new", value: Data("v2".utf8), storedAt: Date(timeIntervalSince1970: 6_000)), maxEntries: 10)
        try await repository.purge(storedBefore: Date(timeIntervalSince1970: 2_000))
        let old = try await repository.answer(for: "old")
        let new = try await repository.answer(for: "new")
        XCTAssertNil(old)
        XCTAssertEqual(new?.value, Data("v2".utf8))
    }

    func testSpotlightAndCallLogRoundTrip() async throws {
        let stores = try Stores.open(path: try makeDatabasePath())
        let spotlight = stores.spotlight
        let pick = StoredSpotlight(key: "cats", item: Data("{}".utf8), pickedAt: Date(timeIntervalSince1970: 10),
                                changesAt: Date(timeIntervalSince1970: 610))
        let old = StoredSpotlight(key: "dogs", item: Data("{}".utf8), pickedAt: Date(timeIntervalSince1970: 1),
                               changesAt: Date(timeIntervalSince1970: 5))
        try await spotlight.save(old, forgettingChangedBefore: Date(timeIntervalSince1970: 0))
        try await spotlight.save(pick, forgettingChangedBefore: Date(timeIntervalSince1970: 6))
        let loaded = try await spotlight.pick(for: "cats")
        XCTAssertEqual(loaded, pick)
        let forgotten = try await spotlight.pick(for: "dogs")
        XCTAssertNil(forgotten, "an old pick of another tag is deleted")
        let calls = stores.callLog
        for second in [100.0, 200, 300] {
            try await calls.record(at: Date(timeIntervalSince1970: second), forgetBefore: Date(timeIntervalSince1970: 150))
        }
        let recent = try await calls.calls(since: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(recent, [Date(timeIntervalSince1970: 200), Date(timeIntervalSince1970: 300)])
        // Each provider has its own budget, so its own calls: Unsplash's neither see nor forget GIPHY's.
        let photos = stores.callLog(for: "unsplash")
        try await photos.record(at: Date(timeIntervalSince1970: 400), forgetBefore: Date(timeIntervalSince1970: 350))
        let photoCalls = try await photos.calls(since: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(photoCalls, [Date(timeIntervalSince1970: 400)])
        let gifCalls = try await calls.calls(since: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(gifCalls, recent)
    }
}

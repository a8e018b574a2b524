import Foundation
import Service
import Synchronization
import XCTest

/// Paging through one query must not rewrite the history on every page, and the history must stay right.
final class SearchHistoryWriteTests: XCTestCase {
    final class CountingStore: SearchHistoryStore {
        let writes = Mutex<[String]>([])
        func record(_ query: String, at date: Date, keepingNewest limit: Int) async throws {
            writes.withLock { $0.append(query) }
        }
        func list(containing fragment: String?) async throws -> [SearchHistoryEntry] { [] }
        func clear() async throws { writes.withLock { $0.append("<clear>") } }
    }

    func testTheSameNewestQueryIsWrittenOnceAMinute() async throws {
        let store = CountingStore()
        let clock = TestClock()
        let service = SearchHistoryService(store: store, now: { clock.now() })
        try await service.record("cats")
        try await service.record(" cats ")
        clock.advance(by: 30)
        try await service.record("cats")
        XCTAssertEqual(store.writes.withLock { $0 }, ["cats"])
        try await service.record("Cats")
        try await service.record("dogs")
        try await service.record("cats")
        XCTAssertEqual(store.writes.withLock { $0 }, ["cats", "Cats", "dogs", "cats"], "another spelling or query is written")
        clock.advance(by: 61)
        try await service.record("cats")
        XCTAssertEqual(store.writes.withLock { $0 }.count, 5, "written again after a minute")
        try await service.clear()
        try await service.record("cats")
        XCTAssertEqual(store.writes.withLock { $0 }.suffix(2), ["<clear>", "cats"], "written again after a clear")
    }

    /// `wouldWrite` tells, without writing, what `record` would do, so the backend queues no write
    /// for a repeated search.
    func testWouldWriteAgreesWithRecord() async throws {
        let store = CountingStore()
        let clock = TestClock()
        let service = SearchHistoryService(store: store, now: { clock.now() })
        XCTAssertFalse(service.wouldWrite("   "))
        XCTAssertTrue(service.wouldWrite("cats"))
        try await service.record("cats")
        XCTAssertFalse(service.wouldWrite(" cats "))
        XCTAssertTrue(service.wouldWrite("Cats"), "another spelling is written")
        XCTAssertTrue(service.wouldWrite("dogs"))
        clock.advance(by: 61)
        XCTAssertTrue(service.wouldWrite("cats"), "after a minute")
        try await service.record("cats")
        try await service.clear()
        XCTAssertTrue(service.wouldWrite("cats"), "after a clear")
    }
}

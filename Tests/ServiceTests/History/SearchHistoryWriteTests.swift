import Foundation
import Service
import Model
import TestSupport
import Synchronization
import XCTest

/// Paging through one query must not rewrite the history on every page, and the history must stay right.
final class SearchHistoryWriteTests: XCTestCase {
    final class CountingStore: SearchHistoryStore {
        let writes = Mutex<[String]>([])
        func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws {
            writes.withLock { $0.append(query) }
        }
        func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry] { [] }
        func clear(install: InstallID) async throws { writes.withLock { $0.append("<clear>") } }
    }

    func testTheSameNewestQueryIsWrittenOnceAMinute() async throws {
        let store = CountingStore()
        let clock = TestClock()
        let service = SearchHistoryService(store: store, now: { clock.now() })
        try await service.record("cats", install: .local)
        try await service.record(" cats ", install: .local)
        clock.advance(by: 30)
        try await service.record("cats", install: .local)
        XCTAssertEqual(store.writes.withLock { $0 }, ["cats"])
        try await service.record("Cats", install: .local)
        try await service.record("dogs", install: .local)
        try await service.record("cats", install: .local)
        XCTAssertEqual(store.writes.withLock { $0 }, ["cats", "Cats", "dogs", "cats"], "another spelling or query is written")
        clock.advance(by: 61)
        try await service.record("cats", install: .local)
        XCTAssertEqual(store.writes.withLock { $0 }.count, 5, "written again after a minute")
        try await service.clear(install: .local)
        try await service.record("cats", install: .local)
        XCTAssertEqual(store.writes.withLock { $0 }.suffix(2), ["<clear>", "cats"], "written again after a clear")
    }

    /// `wouldWrite` tells, without writing, what `record` would do, so the backend queues no write
    /// for a repeated search.
    func testWouldWriteAgreesWithRecord() async throws {
        let store = CountingStore()
        let clock = TestClock()
        let service = SearchHistoryService(store: store, now: { clock.now() })
        XCTAssertFalse(service.wouldWrite("   ", install: .local))
        XCTAssertTrue(service.wouldWrite("cats", install: .local))
        try await service.record("cats", install: .local)
        XCTAssertFalse(service.wouldWrite(" cats ", install: .local))
        XCTAssertTrue(service.wouldWrite("Cats", install: .local), "another spelling is written")
        XCTAssertTrue(service.wouldWrite("dogs", install: .local))
        clock.advance(by: 61)
        XCTAssertTrue(service.wouldWrite("cats", install: .local), "after a minute")
        try await service.record("cats", install: .local)
        try await service.clear(install: .local)
        XCTAssertTrue(service.wouldWrite("cats", install: .local), "after a clear")
    }
}

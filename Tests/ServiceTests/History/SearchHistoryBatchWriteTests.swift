import Gateway
import Foundation
import Service
import Model
import Synchronization
import TestSupport
import XCTest

/// Searches whose writes wait together reach the store in one call, in order; one the store
/// fails is counted alone and the others are kept; the memory of the last query written is set
/// by a write that overlapped no other, as it is one write at a time.
final class SearchHistoryBatchWriteTests: XCTestCase {
    /// Logs the batches it is handed; fails "boom".
    private final class BatchLoggingStore: SearchHistoryStore {
        let memory = MemorySearchHistoryStore()
        let batches = Mutex<[[String]]>([])

        func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws {
            if query == "boom" { throw StoreFailure.full }
            try await memory.record(query, at: date, keepingNewest: limit, install: install)
        }

        func record(_ searches: [RecordedSearch], keepingNewest limit: Int) async -> [(any Error)?] {
            batches.withLock { $0.append(searches.map(\.query)) }
            return await recordEachAlone(searches, keepingNewest: limit)
        }

        func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry] {
            try await memory.list(containing: fragment, install: install)
        }

        func clear(install: InstallID) async throws { try await memory.clear(install: install) }
    }

    /// Queues `queries` while the writer is busy, so that they wait together, then lets it go.
    private func recordTogether(_ queries: [String], _ service: SearchHistoryService, _ writes: BookkeepingWrites) async {
        let latch = Latch()
        writes.later(.spotlight) { await latch.wait() }
        for query in queries { service.recordLater(query, install: .local) }
        latch.open()
        await writes.flush()
    }

    func testSearchesWaitingTogetherAreOneCallAndAFailingOneIsCountedAlone() async throws {
        let store = BatchLoggingStore()
        let writes = BookkeepingWrites()
        let service = SearchHistoryService(store: store, bookkeeping: writes)
        await recordTogether(["one", " boom ", "two"], service, writes)
        XCTAssertEqual(store.batches.withLock { $0 }, [["one", "boom", "two"]])
        XCTAssertEqual(writes.failures, [.searchHistory: 1])
        let entries = try await service.list(install: .local)
        XCTAssertEqual(entries.map(\.query), ["two", "one"])
    }

    func testOnlyAWriteAloneIsRememberedAsTheLastOne() async throws {
        let store = BatchLoggingStore()
        let writes = BookkeepingWrites()
        let service = SearchHistoryService(store: store, bookkeeping: writes)
        await recordTogether(["cats"], service, writes)
        XCTAssertFalse(service.wouldWrite("cats", install: .local), "written alone: remembered")
        await recordTogether(["dogs", "birds"], service, writes)
        XCTAssertTrue(service.wouldWrite("birds", install: .local), "written beside another: not remembered")
        await recordTogether(["boom"], service, writes)
        XCTAssertTrue(service.wouldWrite("boom", install: .local), "failed: not remembered")
        await recordTogether(["birds"], service, writes)
        XCTAssertFalse(service.wouldWrite("birds", install: .local))
        XCTAssertEqual(store.batches.withLock { $0 }, [["cats"], ["dogs", "birds"], ["boom"], ["birds"]])
    }
}

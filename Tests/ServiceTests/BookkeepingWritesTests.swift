import Primitives
import Service
import Gateway
import Model
import Foundation
@testable import Service
@testable import Gateway
import Synchronization
import TestSupport
import XCTest

/// Writes made for later never fail an answer that is ready: they are dropped, counted and
/// reported at most once a minute per kind. Writes the user asked for fail with their own kinds.
final class BookkeepingWritesTests: XCTestCase {
    func testASearchIsAnsweredWhenItsHistoryWriteFailsAndTheFailureIsCounted() async throws {
        let backend = makeMemoryBackend(historyStore: FailingStore(failure: .full))
        let words = try SearchWords.parse("cats")
        let page = try await backend.browse.search(SearchQuery(words: words, page: .first, rating: nil, lang: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        XCTAssertFalse(page.data.isEmpty)
        await backend.flushBookkeeping()
        XCTAssertEqual(backend.bookkeepingWriteFailures[.searchHistory], 1)
    }

    func testTheSpotlightIsAnsweredWhenItsSaveFailsAndKeptInMemory() async throws {
        let backend = makeMemoryBackend(spotlightStore: FailingStore(failure: .unavailable(reason: "gone"), failsReads: false))
        let first = try await backend.browse.spotlight(tag: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)
        XCTAssertTrue(first.pickedNow)
        let second = try await backend.browse.spotlight(tag: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)
        XCTAssertEqual(second.item.id, first.item.id, "the unsaved pick is served until it changes")
        XCTAssertFalse(second.pickedNow)
        await backend.flushBookkeeping()
        XCTAssertEqual(backend.bookkeepingWriteFailures[.spotlight], 1)
    }

    func testFailuresAreReportedAtMostOnceAMinutePerKind() async {
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let reports = Mutex<[String]>([])
        let writes = BookkeepingWrites(report: { error in reports.withLock { $0.append(String(describing: error)) } },
                                       now: { clock.withLock { $0 } })
        for (write, advance) in [(BookkeepingWrites.Write.callLog, 0.0), (.callLog, 30), (.responseCache, 0), (.callLog, 31)] {
            clock.withLock { $0 += advance }
            await writes.attempt(write) { throw StoreFailure.full }
        }
        await writes.attempt(.callLog) {}
        XCTAssertEqual(writes.failures, [.callLog: 3, .responseCache: 1])
        XCTAssertEqual(reports.withLock { $0 }, [
            "bookkeeping write call_log dropped: full", "bookkeeping write response_cache dropped: full",
            "bookkeeping write call_log dropped: full",
        ])
    }

    func testUserWritesOnAFullOrLostDatabaseFailWithTheirOwnKinds() async throws {
        let full = makeMemoryBackend(favoritesStore: FailingStore(failure: .full, failsReads: false))
        let id = try XCTUnwrap(ItemID("id1"))
        do {
            _ = try await full.favorites.add(id: id, install: .local)
            XCTFail("added on a full disk")
        } catch {
            XCTAssertEqual(error.kind, .storageFull)
            XCTAssertEqual(error.code, "storage_full")
            XCTAssertNil(error.retryAfterSeconds)
        }
        let reported = Mutex(0)
        let lost = ServiceError(translating: StoreFailure.unavailable(reason: "deleted"), upstream: nil, report: { _ in reported.withLock { $0 += 1 } })
        XCTAssertEqual(lost.kind, .storageUnavailable)
        XCTAssertEqual(lost.code, "storage_unavailable")
        XCTAssertTrue(lost.detail.contains("deleted"), lost.detail)
        XCTAssertEqual(lost.retryAfterSeconds, 5)
        XCTAssertEqual(reported.withLock { $0 }, 1, "a lost database is logged")
    }
}

/// A store whose writes (and, unless told otherwise, reads) throw `failure`; reads that do not
/// fail find nothing.
private struct FailingStore: FavoritesStore, SearchHistoryStore, SpotlightStore {
    let failure: StoreFailure
    var failsReads = true

    private func read<T>(_ empty: T) throws -> T {
        if failsReads { throw failure }
        return empty
    }

    func list(install: InstallID) async throws -> [FavoriteRecord] { try read([]) }
    func count(install: InstallID) async throws -> Int { try read(0) }
    func contains(id: String, install: InstallID) async throws -> Bool { try read(false) }
    func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome { throw failure }
    func remove(id: String, install: InstallID) async throws -> Bool { throw failure }
    func totalCount() async throws -> Int { try read(0) }
    func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws { throw failure }
    func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry] { try read([]) }
    func clear(install: InstallID) async throws { throw failure }
    func pick(for key: String) async throws -> StoredSpotlight? { try read(nil) }
    func save(_ pick: StoredSpotlight, forgettingChangedBefore: Date) async throws { throw failure }
}

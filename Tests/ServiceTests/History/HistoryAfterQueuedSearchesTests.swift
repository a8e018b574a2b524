import Gateway
import Primitives
import Foundation
import Service
import Model
import Synchronization
import TestSupport
import XCTest

/// A search is recorded after its answer; every read of the history (the list, suggestions) and
/// its clearing first waits for the searches queued so far. The store here is slow to record,
/// so without that wait the read would run first. A search repeated while its write still waits
/// replaces that write: fewer writes, the same history.
final class HistoryAfterQueuedSearchesTests: XCTestCase {
    /// Records after a pause, as a busy disk would; with a gate, the first write waits until the
    /// test opens it (so the searches made meanwhile surely find it still under way).
    private final class SlowRecordingStore: SearchHistoryStore {
        let memory = MemorySearchHistoryStore()
        let recorded = Mutex<[String]>([])
        let gate: Latch?

        init(gate: Latch? = nil) { self.gate = gate }

        func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws {
            recorded.withLock { $0.append(query) }
            if let gate { await gate.wait() } else { try await Task.sleep(for: .milliseconds(300)) }
            try await memory.record(query, at: date, keepingNewest: limit, install: install)
        }
        func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry] { try await memory.list(containing: fragment, install: install) }
        func clear(install: InstallID) async throws { try await memory.clear(install: install) }
    }

    private func searched(_ text: String, gate: Latch? = nil) async throws -> (Backend, SlowRecordingStore) {
        let store = SlowRecordingStore(gate: gate)
        let backend = makeMemoryBackend(historyStore: store)
        _ = try await backend.browse.search(SearchQuery(words: try SearchWords.parse(text), page: .first, rating: nil, lang: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }
        return (backend, store)
    }

    func testTheListHasTheSearchJustMade() async throws {
        let (backend, _) = try await searched("cats")
        let history = try await backend.history.list(contains: nil, install: .local)
        XCTAssertEqual(history.map(\.query), ["cats"])
    }

    func testSuggestionsHaveTheSearchJustMade() async throws {
        let (backend, _) = try await searched("cats")
        let suggestions = try await backend.history.suggestions(for: try SearchWords.parse("ca"), limit: 5, install: .local)
        XCTAssertEqual(suggestions.first, Suggestion(query: "cats", source: .history))
    }

    func testNoSearchLandsAfterAClearing() async throws {
        let (backend, store) = try await searched("cats")
        try await backend.history.clear(install: .local)
        await backend.flushBookkeeping()
        let left = try await store.memory.list(containing: nil, install: .local)
        XCTAssertEqual(left, [])
    }

    func testSearchesRepeatedWhileTheirWritesWaitAreWrittenOnceInTheOrderOfTheirLastTime() async throws {
        // The first search's write is under way, alone, and held until the five searches are made.
        // A 300 ms pause was outlasted by a sanitizer's slower searches (a repeat came after its
        // first was written); and a writer that had not yet started took the first searches
        // together, as one batch, so a repeat of one of them was not merged (CI, TSan).
        let gate = Latch()
        addTeardownBlock { gate.open() }
        let (backend, store) = try await searched("cats", gate: gate)
        try await waitUntil("the first search's write is under way", timeout: eventTimeout) { store.recorded.withLock { $0 } == ["cats"] }
        for text in ["dogs", "cats", "dogs", "birds", "cats"] {
            _ = try await backend.browse.search(SearchQuery(words: try SearchWords.parse(text), page: .first, rating: nil, lang: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }
        }
        gate.open()
        let history = try await backend.history.list(contains: nil, install: .local)
        XCTAssertEqual(history.map(\.query), ["cats", "birds", "dogs"])
        // The write under way, then each of the waiting ones once, in the order of its last search.
        XCTAssertEqual(store.recorded.withLock { $0 }, ["cats", "dogs", "birds", "cats"])
    }
}

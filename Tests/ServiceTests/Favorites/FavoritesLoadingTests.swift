import Primitives
import Foundation
import JSON
import Service
import Model
import Synchronization
import TestSupport
import XCTest

/// The favorites are read at start-up, before anyone asks, so a list or a marking never waits
/// behind an add's write (seconds on a slow disk); and read again once the store's contents were
/// replaced (its file deleted or replaced under the server).
final class FavoritesLoadingTests: XCTestCase {
    func testStartLoadingReadsTheFavoritesSoListsNeverWaitForAnAddsWrite() async throws {
        let store = ControlledFavoritesStore()
        _ = try await store.insertIfRoom(FavoriteRecord(id: "kept", snapshot: Data(makeItem("kept").jsonBytes()), addedAt: Date()), limit: 20, install: .local)
        let favorites = makeMemoryBackend(provider: ScriptedProvider(items: [makeItem("new")]), favoritesStore: store).favorites
        favorites.startLoading()
        try await waitUntil("the favorites are read without anyone asking") { store.listCalls == 1 }

        store.holdInserts()
        // Also when a wait below fails: nothing stays blocked after the test.
        defer { store.releaseInserts() }
        let new = try XCTUnwrap(ItemID("new"))
        let adding = Task { try await favorites.add(id: new, install: .local) }
        try await waitUntil("the add is writing") { store.insertsWaiting == 1 }
        let answered = Answered()
        let reading = Task {
            let listed = try await favorites.listing(install: .local).value().favorites.map(\.id)
            let marked = try await favorites.markings(install: .local).value().ids
            answered.set()
            return (listed, marked)
        }
        try await waitUntil("the list and the marks are answered while the add still writes") { answered.isSet }
        store.releaseInserts()
        let (listed, marked) = try await reading.value
        XCTAssertEqual(listed, ["kept"])
        XCTAssertEqual(marked, ["kept"])

        _ = try await adding.value
        let after = try await favorites.listing(install: .local).value().favorites.map(\.id)
        XCTAssertEqual(after, ["new", "kept"])
        XCTAssertEqual(store.listCalls, 1, "read once, at start")
    }

    func testAStoreWhoseContentsWereReplacedIsReadAgain() async throws {
        let store = ControlledFavoritesStore()
        let favorites = makeMemoryBackend(provider: ScriptedProvider(items: [makeItem("old")]), favoritesStore: store).favorites
        _ = try await favorites.add(id: try XCTUnwrap(ItemID("old")), install: .local)
        let before = try await favorites.listing(install: .local).value().favorites.map(\.id)
        XCTAssertEqual(before, ["old"])

        store.replaceContents(with: [FavoriteRecord(id: "restored", snapshot: Data(makeItem("restored").jsonBytes()), addedAt: Date())])
        let listed = try await favorites.listing(install: .local).value().favorites.map(\.id)
        let marked = try await favorites.markings(install: .local).value().ids
        XCTAssertEqual(listed, ["restored"])
        XCTAssertEqual(marked, ["restored"])
    }

    private struct TimedOut: Error {}

    private func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                XCTFail("timed out waiting until \(what)")
                throw TimedOut()
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Set once, read from any task.
private final class Answered: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
}

/// A favorites store in memory that counts its reads, can hold inserts until released (a slow
/// write), and can have its contents replaced wholesale.
private final class ControlledFavoritesStore: FavoritesStore {
    private struct State {
        var records: [FavoriteRecord] = []
        var listCalls = 0
        var holdsInserts = false
        var waitingInserts: [CheckedContinuation<Void, Never>] = []
        var replacements = 0
    }

    private let state = Mutex(State())

    var listCalls: Int { state.withLock { $0.listCalls } }
    var insertsWaiting: Int { state.withLock { $0.waitingInserts.count } }
    var replacements: Int { state.withLock { $0.replacements } }

    func holdInserts() { state.withLock { $0.holdsInserts = true } }

    func releaseInserts() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.holdsInserts = false
            defer { state.waitingInserts = [] }
            return state.waitingInserts
        }
        for insert in waiting { insert.resume() }
    }

    func replaceContents(with records: [FavoriteRecord]) {
        state.withLock { state in
            state.records = records
            state.replacements += 1
        }
    }

    func list(install: InstallID) async throws -> [FavoriteRecord] {
        state.withLock { state in
            state.listCalls += 1
            return state.records.reversed()
        }
    }

    func totalCount() async throws -> Int { state.withLock { $0.records.count } }

    func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome {
        await withCheckedContinuation { (proceed: CheckedContinuation<Void, Never>) in
            let holds = state.withLock { state -> Bool in
                if state.holdsInserts { state.waitingInserts.append(proceed) }
                return state.holdsInserts
            }
            if !holds { proceed.resume() }
        }
        return state.withLock { state in
            if let existing = state.records.first(where: { $0.id == record.id }) { return .alreadyPresent(existing) }
            guard state.records.count < limit else { return .full }
            state.records.append(record)
            return .inserted
        }
    }

    func remove(id: String, install: InstallID) async throws -> Bool {
        state.withLock { state in
            guard let index = state.records.firstIndex(where: { $0.id == id }) else { return false }
            state.records.remove(at: index)
            return true
        }
    }
}

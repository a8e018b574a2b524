import Primitives
import Gateway
import Model
import Foundation
import SQLite
import Storage
import Synchronization
import TestSupport
@testable import Service
import XCTest

/// `is_favorite` and the favorites list come from memory: right after every add and remove, also
/// when adds race, and never from a cached page made before a change.
final class FavoritesMemoryTests: XCTestCase {
    private func id(_ text: String) throws -> ItemID { try XCTUnwrap(ItemID(text)) }

    private func makeBackend(favorites: FavoritesSettings, cached: Bool = false) -> Backend {
        var settings = GatewaySettings()
        settings.cacheEnabled = cached
        let gateway = UpstreamGateway(provider: ScriptedProvider(), store: nil, settings: settings)
        return Backend(gateway: gateway, favorites: favorites, history: SearchHistoryService(store: MemorySearchHistoryStore()),
                          spotlight: SpotlightService(gateway: gateway, store: MemorySpotlightStore(), intervalSeconds: 600, rating: .g))
    }

    private func markedIDs(_ backend: Backend) async throws -> Set<String> {
        let page = try await backend.browse.trending(TrendingQuery(page: try XCTUnwrap(PageRequest(offset: 0, limit: 50)), rating: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        return Set(page.data.filter { $0.isFavorite == true }.map(\.id))
    }

    func testThirtyConcurrentAddsWithACapOfTwentyMarkExactlyTheTwentyStored() async throws {
        let path = try makeDatabasePath()
        let backend = makeBackend(favorites: FavoritesSettings(store: try Stores.open(path: path).favorites, limit: 20))
        let before = try await markedIDs(backend)
        XCTAssertEqual(before, [], "read once, before the race")
        let ids = try (0..<30).map { try id("id\($0)") }
        await withTaskGroup(of: Void.self) { group in
            for itemID in ids { group.addTask { _ = try? await backend.favorites.add(id: itemID, install: .local) } }
        }
        let stored = try await Stores.open(path: path).favorites.ids(install: .local)
        XCTAssertEqual(stored.count, 20)
        let marked = try await markedIDs(backend)
        XCTAssertEqual(marked, stored, "pages mark exactly what the store holds")
        let listed = try await backend.favorites.listing(install: .local).value().favorites
        XCTAssertEqual(Set(listed.map(\.id)), stored)
        let count = try await backend.favorites.totalCount()
        XCTAssertEqual(count, 20)
    }

    func testAddsAndRemovesOfOneIDRacingLeaveMemoryAsTheStore() async throws {
        let path = try makeDatabasePath()
        let backend = makeBackend(favorites: FavoritesSettings(store: try Stores.open(path: path).favorites, limit: 20))
        _ = try await backend.favorites.listing(install: .local).value()
        let target = try id("id7")
        await withTaskGroup(of: Void.self) { group in
            for round in 0..<40 {
                group.addTask {
                    if round.isMultiple(of: 2) { _ = try? await backend.favorites.add(id: target, install: .local) } else { try? await backend.favorites.remove(id: target, install: .local) }
                }
            }
        }
        let stored = try await Stores.open(path: path).favorites.ids(install: .local)
        let marked = try await markedIDs(backend)
        XCTAssertEqual(marked, stored)
        let listed = try await backend.favorites.listing(install: .local).value().favorites
        XCTAssertEqual(Set(listed.map(\.id)), stored)
    }

    /// An add that the store confirms while a remove of the same id is still on its way back must
    /// not be undone in memory by that remove: changes apply in the order the store made them.
    func testAnAddConfirmedDuringASlowRemoveStaysMarked() async throws {
        let store = SlowRemoveStore()
        let favorites = makeBackend(favorites: FavoritesSettings(store: store)).favorites
        let id3 = try id("id3")
        _ = try await favorites.markings(install: .local).value()
        let race = Race()
        store.duringRemove.withLock { hook in
            hook = {
                let task = Task { _ = try? await favorites.add(id: id3, install: .local); race.added.withLock { $0 = true } }
                race.adding.withLock { $0 = task }
                // Gives the add every chance to finish first; with the gate it cannot, and waits for this remove.
                for _ in 0..<10_000 where !race.added.withLock({ $0 }) { await Task.yield() }
            }
        }
        // The store has no id3 yet: the remove is refused, and the add it let through stays.
        do {
            try await favorites.remove(id: id3, install: .local)
            XCTFail("removed a favorite not yet added")
        } catch {
            XCTAssertEqual(error.kind, .favoriteNotFound)
        }
        await race.adding.withLock { $0 }?.value
        let stored = try await store.base.ids(install: .local)
        let remembered = try await favorites.markings(install: .local).value().ids
        XCTAssertEqual(stored, ["id3"])
        XCTAssertEqual(remembered, stored)
    }

    func testACachedPageNeverShowsARemovedFavoriteAsFavorite() async throws {
        let backend = makeBackend(favorites: FavoritesSettings(store: MemoryFavoritesStore()), cached: true)
        let first = try XCTUnwrap(PageRequest(offset: 0, limit: 10))
        _ = try await backend.browse.trending(TrendingQuery(page: first, rating: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }
        _ = try await backend.favorites.add(id: try id("id3"), install: .local)
        let marked = try await backend.browse.trending(TrendingQuery(page: first, rating: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value()
        XCTAssertEqual(marked.status, .hit)
        XCTAssertEqual(marked.value.page().data.first { $0.id == "id3" }?.isFavorite, true)
        try await backend.favorites.remove(id: try id("id3"), install: .local)
        let unmarked = try await backend.browse.trending(TrendingQuery(page: first, rating: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value()
        XCTAssertEqual(unmarked.status, .hit)
        XCTAssertEqual(unmarked.value.page().data.first { $0.id == "id3" }?.isFavorite, false)
        XCTAssertNotEqual(unmarked.value.contentKey, marked.value.contentKey, "what was made from the old page is not reused")
        XCTAssertNotNil(unmarked.value.contentKey)
        let again = try await backend.browse.trending(TrendingQuery(page: first, rating: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value()
        XCTAssertEqual(again.value.contentKey, unmarked.value.contentKey, "unchanged favorites, same content")
    }

    /// Another connection holds the write lock: the search is answered at once; its history and
    /// cache writes wait for the lock and land once it is released.
    func testASearchAnswersWhileAnotherConnectionHoldsTheWriteLock() async throws {
        let path = try makeDatabasePath()
        var options = Database.Options()
        options.busyTimeoutMilliseconds = 20_000
        let stores = try Stores.open(path: path, options: options)
        var settings = GatewaySettings()
        settings.cacheEnabled = true
        let gateway = UpstreamGateway(provider: ScriptedProvider(), store: stores.responseCache, settings: settings)
        let history = SearchHistoryService(store: stores.searchHistory)
        let backend = Backend(gateway: gateway, favorites: FavoritesSettings(store: stores.favorites), history: history,
                                 spotlight: SpotlightService(gateway: gateway, store: MemorySpotlightStore(), intervalSeconds: 600, rating: .g))
        _ = try await backend.favorites.totalCount()
        let holder = try Database(path: path)
        try holder.execute("BEGIN IMMEDIATE")
        // Had the search waited for its writes, they would have timed out under the lock held
        // until it answered, and been dropped: no history, a failure counted.
        let page = try await backend.browse.search(SearchQuery(words: try SearchWords.parse("locked"), page: .first, rating: nil, lang: nil, providers: ProviderChain(backend.providers.defaultProvider), install: .local)).value().map { $0.page() }.value
        XCTAssertEqual(page.data.count, 24)
        try holder.execute("COMMIT")
        await backend.flushBookkeeping()
        let recorded = try await history.list(install: .local)
        XCTAssertEqual(recorded.map(\.query), ["locked"])
        XCTAssertEqual(backend.bookkeepingWriteFailures, [:])
        let cached = try await stores.responseCache.answer(for: GatewaySettings().key("search|locked|0|24|g|"))
        XCTAssertNotNil(cached, "the answer was stored once the lock was released")
    }
}

/// The add racing a remove, and whether it finished.
private final class Race: Sendable {
    let adding = Mutex<Task<Void, Never>?>(nil)
    let added = Mutex(false)
}

/// A favorites store whose `remove`, once done, runs `duringRemove` before it returns, as a slow
/// confirmation would.
private final class SlowRemoveStore: FavoritesStore {
    let base = MemoryFavoritesStore()
    let duringRemove = Mutex<(@Sendable () async -> Void)?>(nil)

    func list(install: InstallID) async throws -> [FavoriteRecord] { try await base.list(install: install) }
    func totalCount() async throws -> Int { try await base.totalCount() }
    func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome {
        try await base.insertIfRoom(record, limit: limit, install: install)
    }

    func remove(id: String, install: InstallID) async throws -> Bool {
        let removed = try await base.remove(id: id, install: install)
        if let hook = duringRemove.withLock({ hook in defer { hook = nil }; return hook }) { await hook() }
        return removed
    }
}

import Foundation
import Gateway
import Primitives
import Service
import Model
import Storage
import Synchronization
import TestSupport
import XCTest

/// The favorites' rules, through what the server calls: the cap, adding twice, removing an
/// absent one, the order, the snapshot, and one refusal for a full list wherever it is decided.
final class FavoritesTests: XCTestCase {
    private func id(_ text: String) throws -> ItemID { try XCTUnwrap(ItemID(text)) }

    private func listed(_ favorites: Favorites, _ install: InstallID = .local) async throws -> [Favorite] {
        try await favorites.listing(install: install).value().favorites
    }

    private func assertThrows(
        _ expected: ServiceError, file: StaticString = #filePath, line: UInt = #line,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            XCTFail("expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? ServiceError, expected, file: file, line: line)
        }
    }

    private func provider(_ ids: [String]) -> ScriptedProvider {
        ScriptedProvider(items: ids.map { makeItem($0) })
    }

    func testDefaultCapIsTwentyAndTheTwentyFirstFails() async throws {
        let favorites = try makeFavorites(provider: provider((0...20).map { "g\($0)" }))
        XCTAssertEqual(favorites.limit, 20)
        for index in 0..<20 {
            let result = try await favorites.add(id: try id("g\(index)"), install: .local)
            XCTAssertEqual(result, .added(Favorite(item: makeItem("g\(index)"), addedAt: result.favorite.addedAt)))
        }
        let g20 = try id("g20")
        await assertThrows(.favoritesFull(limit: 20)) { _ = try await favorites.add(id: g20, install: .local) }
        let marked = try await favorites.markings(install: .local).value().ids
        XCTAssertEqual(marked.count, 20)
        XCTAssertFalse(marked.contains("g20"))
    }

    func testCapIsConfigurable() async throws {
        let favorites = try makeFavorites(limit: 3, provider: provider(["g0", "g1", "g2", "g3"]))
        for index in 0..<3 { _ = try await favorites.add(id: try id("g\(index)"), install: .local) }
        let g3 = try id("g3")
        await assertThrows(.favoritesFull(limit: 3)) { _ = try await favorites.add(id: g3, install: .local) }
    }

    func testRemovingOneMakesRoomAgain() async throws {
        let favorites = try makeFavorites(limit: 2, provider: provider(["a", "b", "c"]))
        _ = try await favorites.add(id: try id("a"), install: .local)
        _ = try await favorites.add(id: try id("b"), install: .local)
        try await favorites.remove(id: try id("a"), install: .local)
        let result = try await favorites.add(id: try id("c"), install: .local)
        guard case .added = result else { return XCTFail("expected added, got \(result)") }
    }

    func testAddingTwiceChangesNothingAndSaysItExisted() async throws {
        let clock = TestClock()
        let upstream = ScriptedProvider(items: [makeItem("a", title: "Original title"), makeItem("b")])
        let favorites = try makeFavorites(clock: clock, provider: upstream)
        let first = try await favorites.add(id: try id("a"), install: .local)
        clock.advance(by: 60)
        _ = try await favorites.add(id: try id("b"), install: .local)
        clock.advance(by: 60)
        upstream.setPage([makeItem("a", title: "Changed upstream"), makeItem("b")], totalCount: 2)
        let calls = upstream.calls.count
        let second = try await favorites.add(id: try id("a"), install: .local)

        XCTAssertEqual(second, .alreadyExisted(first.favorite))
        XCTAssertEqual(second.favorite.item.title, "Original title")
        XCTAssertEqual(upstream.calls.count, calls, "an existing favorite needs no upstream call")
        let list = try await listed(favorites)
        XCTAssertEqual(list.map(\.id), ["b", "a"], "not moved to the top")
        XCTAssertEqual(list.last?.addedAt, clock.now().addingTimeInterval(-120))
    }

    func testAddingAnExistingOneWhenFullIsNotAnError() async throws {
        let favorites = try makeFavorites(limit: 1, provider: provider(["a"]))
        _ = try await favorites.add(id: try id("a"), install: .local)
        let result = try await favorites.add(id: try id("a"), install: .local)
        guard case .alreadyExisted = result else { return XCTFail("expected alreadyExisted, got \(result)") }
    }

    func testRemovingAnAbsentFavoriteIsNotFound() async throws {
        let favorites = try makeFavorites(provider: provider(["a"]))
        let nope = try id("nope"), a = try id("a")
        let notFound = { (id: String) in ServiceError(.favoriteNotFound, "\(id) is not a favorite.") }
        await assertThrows(notFound("nope")) { try await favorites.remove(id: nope, install: .local) }
        _ = try await favorites.add(id: a, install: .local)
        try await favorites.remove(id: a, install: .local)
        await assertThrows(notFound("a")) { try await favorites.remove(id: a, install: .local) }
        let marked = try await favorites.markings(install: .local).value().ids
        XCTAssertFalse(marked.contains("a"))
    }

    func testListIsNewestFirstWithTiesInReverseInsertionOrder() async throws {
        let clock = TestClock()
        let path = try makeDatabasePath()
        let favorites = try makeFavorites(path: path, clock: clock, provider: provider(["oldest", "sameTime1", "sameTime2", "sameTime3", "newest"]))
        _ = try await favorites.add(id: try id("oldest"), install: .local)
        clock.advance(by: 1)
        for text in ["sameTime1", "sameTime2", "sameTime3"] {
            _ = try await favorites.add(id: try id(text), install: .local)
        }
        clock.advance(by: 1)
        _ = try await favorites.add(id: try id("newest"), install: .local)
        let ids = try await listed(favorites).map(\.id)
        XCTAssertEqual(ids, ["newest", "sameTime3", "sameTime2", "sameTime1", "oldest"])
        let reread = try await listed(try makeFavorites(path: path)).map(\.id)
        XCTAssertEqual(reread, ids, "the store lists them in the same order")
    }

    func testListingReturnsTheSnapshotWithShareTextAndAddedAt() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_700_000_000))
        var item = makeItem("abc", title: "Happy Cat GIF", shareURL: "https://gph.is/abc")
        item.user = Author(displayName: "Cat Lover", username: "catlover")
        item.isFavorite = false
        let path = try makeDatabasePath()
        let favorites = try makeFavorites(path: path, clock: clock, provider: ScriptedProvider(items: [item]))
        _ = try await favorites.add(id: try id("abc"), install: .local)

        // Read back from the store, not from the memory the add wrote.
        let reread = try await listed(try makeFavorites(path: path))
        let favorite = try XCTUnwrap(reread.first)
        item.isFavorite = true
        XCTAssertEqual(favorite.item, item, "the whole snapshot comes back, marked as a favorite")
        XCTAssertEqual(favorite.shareText, "Happy Cat GIF https://gph.is/abc")
        XCTAssertEqual(favorite.addedAt, Date(timeIntervalSince1970: 1_700_000_000))

        // The favorite's JSON (added_at, is_favorite) is the API's: JSONWriterTests checks it.
    }

    func testFavoritesSurviveReopeningTheDatabase() async throws {
        let path = try makeDatabasePath()
        _ = try await makeFavorites(path: path, provider: provider(["kept"])).add(id: try id("kept"), install: .local)
        let ids = try await listed(try makeFavorites(path: path)).map(\.id)
        XCTAssertEqual(ids, ["kept"])
    }

    /// A snapshot the program cannot decode is reported as what it is, and the caller gets `internal`.
    func testUnreadableSnapshotIsReportedAsSuch() async throws {
        let path = try makeDatabasePath()
        let repository = try Stores.open(path: path).favorites
        _ = try await repository.insertIfRoom(FavoriteRecord(id: "broken", snapshot: Data("not json".utf8), addedAt: Date()), limit: 1, install: .local)
        let reported = Mutex<[FavoritesError]>([])
        let favorites = try makeFavorites(path: path, report: { error in
            if let error = error as? FavoritesError { reported.withLock { $0.append(error) } }
        })
        await assertThrows(.internalError) { _ = try await self.listed(favorites) }
        XCTAssertEqual(reported.withLock { $0 }, [.unreadableSnapshot(id: "broken")])
    }

    /// The cap is decided in one place: a list memory knows is full is refused before the
    /// upstream call, one only the store knows is full (another instance filled it) after it, and
    /// both refusals are the same, counting the favorites the ceiling hides.
    func testTheCapsRefusalIsTheSameBeforeTheUpstreamCallAndFromTheStore() async throws {
        let store = MemoryFavoritesStore()
        var above = makeItem("hot")
        above.rating = "r"
        let upstream = ScriptedProvider(items: [above] + ["g1", "g2", "g3", "g4"].map { makeItem($0) })
        // Another instance, without the ceiling, on the same store.
        let other = makeMemoryBackend(provider: upstream, favoritesLimit: 3, favoritesStore: store).favorites
        let gateway = UpstreamGateway(provider: upstream, store: nil, settings: uncachedGateway)
        let here = Backend(gateway: gateway, favorites: FavoritesSettings(store: store, limit: 3),
                           history: SearchHistoryService(store: MemorySearchHistoryStore()),
                           spotlight: SpotlightService(gateway: gateway, store: MemorySpotlightStore(), intervalSeconds: 600, rating: .g),
                           ceiling: ContentCeiling(.g)).favorites

        _ = try await other.add(id: try id("hot"), install: .local)
        let known = try await here.markings(install: .local).value().ids
        XCTAssertEqual(known, ["hot"], "this instance remembers one")
        _ = try await other.add(id: try id("g1"), install: .local)
        _ = try await other.add(id: try id("g2"), install: .local)

        let g3 = try id("g3"), g4 = try id("g4")
        let callsBefore = upstream.calls.count
        var fromTheStore: ServiceError?
        do { _ = try await here.add(id: g3, install: .local) } catch { fromTheStore = error }
        XCTAssertEqual(upstream.calls.count, callsBefore + 1, "memory had room, so the upstream was asked and the store refused")
        var beforeTheCall: ServiceError?
        do { _ = try await here.add(id: g4, install: .local) } catch { beforeTheCall = error }
        XCTAssertEqual(upstream.calls.count, callsBefore + 1, "memory now knows the list is full: no upstream call")

        XCTAssertEqual(fromTheStore, .favoritesFull(limit: 3, hidden: 1))
        XCTAssertEqual(beforeTheCall, fromTheStore, "one refusal, wherever the cap was decided")
    }

    /// Once the store refused an add that memory had room for (another instance filled the
    /// list), memory reads the list again: the next add is refused before its upstream call.
    func testAfterTheStoreSaidFullTheNextAddSpendsNoUpstreamCall() async throws {
        let store = MemoryFavoritesStore()
        let upstream = provider(["a", "b", "c", "d"])
        let here = makeMemoryBackend(provider: upstream, favoritesLimit: 2, favoritesStore: store).favorites
        let other = makeMemoryBackend(provider: upstream, favoritesLimit: 2, favoritesStore: store).favorites
        let known = try await here.markings(install: .local).value().ids
        XCTAssertEqual(known, [])
        _ = try await other.add(id: try id("a"), install: .local)
        _ = try await other.add(id: try id("b"), install: .local)
        let c = try id("c"), d = try id("d")

        let callsBefore = upstream.calls.count
        await assertThrows(.favoritesFull(limit: 2)) { _ = try await here.add(id: c, install: .local) }
        XCTAssertEqual(upstream.calls.count, callsBefore + 1, "memory had room: the store refused after the call")
        await assertThrows(.favoritesFull(limit: 2)) { _ = try await here.add(id: d, install: .local) }
        XCTAssertEqual(upstream.calls.count, callsBefore + 1, "the store's refusal was remembered: no call")
        let marked = try await here.markings(install: .local).value().ids
        XCTAssertEqual(marked, ["a", "b"])
    }
}

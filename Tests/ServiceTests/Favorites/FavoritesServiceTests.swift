import Foundation
import Service
import Model
import Storage
import TestSupport
import XCTest

final class FavoritesServiceTests: XCTestCase {
    private func assertThrows(
        _ expected: FavoritesError, file: StaticString = #filePath, line: UInt = #line,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            XCTFail("expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? FavoritesError, expected, file: file, line: line)
        }
    }

    func testDefaultCapIsTwentyAndTheTwentyFirstFails() async throws {
        let favorites = try makeServices().favorites
        XCTAssertEqual(favorites.limit, 20)
        for index in 0..<20 {
            let result = try await favorites.add(makeItem("g\(index)"), install: .local)
            XCTAssertEqual(result, .added(Favorite(item: makeItem("g\(index)"), addedAt: result.favorite.addedAt)))
        }
        await assertThrows(.favoritesFull(limit: 20)) { _ = try await favorites.add(makeItem("g20"), install: .local) }
        let count = try await favorites.count(install: .local)
        XCTAssertEqual(count, 20)
        let containsRefused = try await favorites.contains(id: "g20", install: .local)
        XCTAssertFalse(containsRefused)
    }

    func testCapIsConfigurable() async throws {
        let favorites = try makeServices(favoritesLimit: 3).favorites
        for index in 0..<3 { _ = try await favorites.add(makeItem("g\(index)"), install: .local) }
        await assertThrows(.favoritesFull(limit: 3)) { _ = try await favorites.add(makeItem("g3"), install: .local) }
    }

    func testRemovingOneMakesRoomAgain() async throws {
        let favorites = try makeServices(favoritesLimit: 2).favorites
        _ = try await favorites.add(makeItem("a"), install: .local)
        _ = try await favorites.add(makeItem("b"), install: .local)
        try await favorites.remove(id: "a", install: .local)
        let result = try await favorites.add(makeItem("c"), install: .local)
        guard case .added = result else { return XCTFail("expected added, got \(result)") }
    }

    func testAddingTwiceChangesNothingAndSaysItExisted() async throws {
        let clock = TestClock()
        let favorites = try makeServices(clock: clock).favorites
        let first = try await favorites.add(makeItem("a", title: "Original title"), install: .local)
        clock.advance(by: 60)
        _ = try await favorites.add(makeItem("b"), install: .local)
        clock.advance(by: 60)
        let second = try await favorites.add(makeItem("a", title: "Changed upstream"), install: .local)

        XCTAssertEqual(second, .alreadyExisted(first.favorite))
        XCTAssertEqual(second.favorite.item.title, "Original title")
        let list = try await favorites.list(install: .local)
        XCTAssertEqual(list.map(\.id), ["b", "a"], "not moved to the top")
        XCTAssertEqual(list.last?.addedAt, clock.now().addingTimeInterval(-120))
        let count = try await favorites.count(install: .local)
        XCTAssertEqual(count, 2)
    }

    func testAddingAnExistingOneWhenFullIsNotAnError() async throws {
        let favorites = try makeServices(favoritesLimit: 1).favorites
        _ = try await favorites.add(makeItem("a"), install: .local)
        let result = try await favorites.add(makeItem("a"), install: .local)
        guard case .alreadyExisted = result else { return XCTFail("expected alreadyExisted, got \(result)") }
    }

    func testRemovingAnAbsentFavoriteIsNotFound() async throws {
        let favorites = try makeServices().favorites
        await assertThrows(.notFound(id: "nope")) { try await favorites.remove(id: "nope", install: .local) }
        _ = try await favorites.add(makeItem("a"), install: .local)
        try await favorites.remove(id: "a", install: .local)
        await assertThrows(.notFound(id: "a")) { try await favorites.remove(id: "a", install: .local) }
        let contains = try await favorites.contains(id: "a", install: .local)
        XCTAssertFalse(contains)
    }

    func testListIsNewestFirstWithTiesInReverseInsertionOrder() async throws {
        let clock = TestClock()
        let favorites = try makeServices(clock: clock).favorites
        _ = try await favorites.add(makeItem("oldest"), install: .local)
        clock.advance(by: 1)
        for id in ["sameTime1", "sameTime2", "sameTime3"] {
            _ = try await favorites.add(makeItem(id), install: .local)
        }
        clock.advance(by: 1)
        _ = try await favorites.add(makeItem("newest"), install: .local)
        let ids = try await favorites.list(install: .local).map(\.id)
        XCTAssertEqual(ids, ["newest", "sameTime3", "sameTime2", "sameTime1", "oldest"])
    }

    func testListingReturnsTheSnapshotWithShareTextAndAddedAt() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_700_000_000))
        let favorites = try makeServices(clock: clock).favorites
        var item = makeItem("abc", title: "Happy Cat GIF", shareURL: "https://gph.is/abc")
        item.user = Author(displayName: "Cat Lover", username: "catlover")
        item.isFavorite = false
        _ = try await favorites.add(item, install: .local)

        let listed = try await favorites.list(install: .local)
        let favorite = try XCTUnwrap(listed.first)
        item.isFavorite = true
        XCTAssertEqual(favorite.item, item, "the whole snapshot comes back, marked as a favorite")
        XCTAssertEqual(favorite.shareText, "Happy Cat GIF https://gph.is/abc")
        XCTAssertEqual(favorite.addedAt, Date(timeIntervalSince1970: 1_700_000_000))

        // The favorite's JSON (added_at, is_favorite) is the API's: JSONWriterTests checks it.
    }

    func testFavoritesSurviveReopeningTheDatabase() async throws {
        let path = try makeDatabasePath()
        _ = try await makeServices(path: path).favorites.add(makeItem("kept"), install: .local)
        let ids = try await makeServices(path: path).favorites.list(install: .local).map(\.id)
        XCTAssertEqual(ids, ["kept"])
    }

    func testUnreadableSnapshotIsATypedError() async throws {
        let path = try makeDatabasePath()
        let repository = try Stores.open(path: path).favorites
        _ = try await repository.insertIfRoom(FavoriteRecord(id: "broken", snapshot: Data("not json".utf8), addedAt: Date()), limit: 1, install: .local)
        let favorites = try makeServices(path: path).favorites
        await assertThrows(.unreadableSnapshot(id: "broken")) { _ = try await favorites.list(install: .local) }
    }
}

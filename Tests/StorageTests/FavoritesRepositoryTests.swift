import Foundation
import Service
import Model
import Storage
import TestSupport
import XCTest

final class FavoritesRepositoryTests: XCTestCase {
    private func makeRepository() throws -> any FavoritesStore {
        try Stores.open(path: try makeDatabasePath()).favorites
    }

    private static func favorite(_ id: String, at seconds: TimeInterval = 0, snapshot: String = "{}") -> FavoriteRecord {
        FavoriteRecord(id: id, snapshot: Data(snapshot.utf8), addedAt: Date(timeIntervalSince1970: 1_700_000_000 + seconds))
    }

    /// Adds with no practical limit.
    private func add(_ record: FavoriteRecord, to repository: any FavoritesStore) async throws -> FavoriteInsertOutcome {
        try await repository.insertIfRoom(record, limit: .max, install: .local)
    }

    func testAddFindIDsRemove() async throws {
        let repository = try makeRepository()
        let added = Self.favorite("a", snapshot: #"{"id":"a"}"#)
        let insertion = try await add(added, to: repository)
        XCTAssertEqual(insertion, .inserted)
        let count = try await repository.ids(install: .local).count
        XCTAssertEqual(count, 1)
        let containsA = try await repository.ids(install: .local).contains("a")
        let containsB = try await repository.ids(install: .local).contains("b")
        XCTAssertTrue(containsA)
        XCTAssertFalse(containsB)
        let found = try await repository.find(id: "a", install: .local)
        XCTAssertEqual(found, added)

        let removed = try await repository.remove(id: "a", install: .local)
        let removedAgain = try await repository.remove(id: "a", install: .local)
        XCTAssertTrue(removed)
        XCTAssertFalse(removedAgain)
        let countAfter = try await repository.ids(install: .local).count
        XCTAssertEqual(countAfter, 0)
    }

    func testListIsNewestFirstWithTiesInReverseInsertionOrder() async throws {
        let repository = try makeRepository()
        for stored in [Self.favorite("old", at: 1), Self.favorite("tieFirst", at: 5), Self.favorite("tieSecond", at: 5),
                       Self.favorite("newest", at: 9), Self.favorite("tieThird", at: 5)] {
            _ = try await add(stored, to: repository)
        }
        let ids = try await repository.list(install: .local).map(\.id)
        XCTAssertEqual(ids, ["newest", "tieThird", "tieSecond", "tieFirst", "old"])
    }

    func testTieOrderSurvivesRemovingTheLatestInserted() async throws {
        let repository = try makeRepository()
        _ = try await add(Self.favorite("a"), to: repository)
        _ = try await add(Self.favorite("b"), to: repository)
        _ = try await repository.remove(id: "b", install: .local)
        _ = try await add(Self.favorite("c"), to: repository)
        let ids = try await repository.list(install: .local).map(\.id)
        XCTAssertEqual(ids, ["c", "a"])
    }

    func testSnapshotBytesAndMillisecondsComeBackExactly() async throws {
        let repository = try makeRepository()
        let bytes = Data([0x00, 0xFF, 0x7B, 0x80, 0x00])
        let addedAt = Date(timeIntervalSince1970: 1_700_000_000.123)
        _ = try await add(FavoriteRecord(id: "bin", snapshot: bytes, addedAt: addedAt), to: repository)
        let stored = try await repository.find(id: "bin", install: .local)
        XCTAssertEqual(stored?.snapshot, bytes)
        let milliseconds = try XCTUnwrap(stored?.addedAt.timeIntervalSince1970).rounded(.towardZero)
        XCTAssertEqual(try XCTUnwrap(stored?.addedAt.timeIntervalSince1970), 1_700_000_000.123, accuracy: 0.0005)
        XCTAssertEqual(milliseconds, 1_700_000_000)
    }

    func testAddingAnExistingIdChangesNothing() async throws {
        let repository = try makeRepository()
        let original = Self.favorite("a", at: 1, snapshot: "original")
        _ = try await add(original, to: repository)
        let insertion = try await add(Self.favorite("a", at: 2, snapshot: "newer"), to: repository)
        XCTAssertEqual(insertion, .alreadyPresent(original))
        let stored = try await repository.list(install: .local)
        XCTAssertEqual(stored, [original])
    }

    func testInsertIfRoomStopsAtTheLimit() async throws {
        let repository = try makeRepository()
        for index in 0..<3 {
            let insertion = try await repository.insertIfRoom(Self.favorite("f\(index)"), limit: 3, install: .local)
            XCTAssertEqual(insertion, .inserted)
        }
        let refused = try await repository.insertIfRoom(Self.favorite("f3"), limit: 3, install: .local)
        XCTAssertEqual(refused, .full)
        let existing = try await repository.insertIfRoom(Self.favorite("f1", at: 99), limit: 3, install: .local)
        XCTAssertEqual(existing, .alreadyPresent(Self.favorite("f1")), "an existing id is reported even when full")
        let count = try await repository.ids(install: .local).count
        XCTAssertEqual(count, 3)

        _ = try await repository.remove(id: "f0", install: .local)
        let afterRemoval = try await repository.insertIfRoom(Self.favorite("f3"), limit: 3, install: .local)
        XCTAssertEqual(afterRemoval, .inserted)
    }

    func testInsertIfRoomHoldsTheLimitAcrossConnections() async throws {
        // Several connections (as several processes would have) racing for the last place.
        let path = try makeDatabasePath()
        let first = try Stores.open(path: path).favorites
        for index in 0..<9 {
            _ = try await add(Self.favorite("seed\(index)"), to: first)
        }
        let repositories = try (0..<4).map { _ in try Stores.open(path: path).favorites }
        let insertions = try await withThrowingTaskGroup(of: FavoriteInsertOutcome.self) { group in
            for index in 0..<40 {
                let repository = repositories[index % repositories.count]
                group.addTask { try await repository.insertIfRoom(Self.favorite("race\(index)"), limit: 10, install: .local) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(insertions.filter { $0 == .inserted }.count, 1)
        XCTAssertEqual(insertions.filter { $0 == .full }.count, 39)
        let count = try await first.ids(install: .local).count
        XCTAssertEqual(count, 10)
    }
}

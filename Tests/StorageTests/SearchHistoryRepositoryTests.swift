import Foundation
import Service
import SQLite
import Model
import Storage
import TestSupport
import XCTest

final class SearchHistoryRepositoryTests: XCTestCase {
    private func makeRepository() throws -> any SearchHistoryStore {
        try Stores.open(path: try makeDatabasePath()).searchHistory
    }

    private func record(_ queries: [String], in repository: any SearchHistoryStore, keeping limit: Int = 5) async throws {
        for (index, query) in queries.enumerated() {
            try await repository.record(query, at: Date(timeIntervalSince1970: Double(index)), keepingNewest: limit, install: .local)
        }
    }

    func testNewestFirst() async throws {
        let repository = try makeRepository()
        try await record(["one", "two", "three"], in: repository)
        let queries = try await repository.list(containing: nil, install: .local).map(\.query)
        XCTAssertEqual(queries, ["three", "two", "one"])
    }

    func testSameQueryInAnyCaseIsOneEntryMovedToTopWithLatestSpelling() async throws {
        let repository = try makeRepository()
        try await record(["Cats", "dogs", "CATS"], in: repository)
        let entries = try await repository.list(containing: nil, install: .local)
        XCTAssertEqual(entries.map(\.query), ["CATS", "dogs"])
        XCTAssertEqual(entries.first?.searchedAt, Date(timeIntervalSince1970: 2))
    }

    /// Entries of one `seq` (the app makes none, a database may hold some) are trimmed as if
    /// ordered by key: exactly the limit is left.
    func testTrimLeavesExactlyTheLimitWhenEntriesShareASeq() async throws {
        let path = try makeDatabasePath()
        let repository = try Stores.open(path: path).searchHistory
        try Database(path: path).execute("INSERT INTO search_history VALUES ('local', 'a', 'a', 0, 1), ('local', 'b', 'b', 0, 1), ('local', 'c', 'c', 0, 1)")
        try await repository.record("d", at: Date(timeIntervalSince1970: 1), keepingNewest: 2, install: .local)
        let queries = try await repository.list(containing: nil, install: .local).map(\.query)
        XCTAssertEqual(queries, ["d", "c"])
    }

    func testKeepsOnlyTheNewest() async throws {
        let repository = try makeRepository()
        try await record(["a", "b", "c", "d", "e", "f", "g"], in: repository, keeping: 5)
        let queries = try await repository.list(containing: nil, install: .local).map(\.query)
        XCTAssertEqual(queries, ["g", "f", "e", "d", "c"])
    }

    func testFilterIsACaseInsensitiveSubstring() async throws {
        let repository = try makeRepository()
        try await record(["The Score", "cats", "Scorpions", "underscore"], in: repository)
        let matches = try await repository.list(containing: "sCoR", install: .local).map(\.query)
        XCTAssertEqual(matches, ["underscore", "Scorpions", "The Score"])
        let none = try await repository.list(containing: "zebra", install: .local)
        XCTAssertEqual(none, [])
        let all = try await repository.list(containing: "", install: .local)
        XCTAssertEqual(all.count, 4)
    }

    func testFilterTreatsWildcardsLiterally() async throws {
        let repository = try makeRepository()
        try await record(["100% cat", "1000 cats", "snake_case", "snakeXcase"], in: repository)
        let percent = try await repository.list(containing: "0%", install: .local).map(\.query)
        XCTAssertEqual(percent, ["100% cat"])
        let underscore = try await repository.list(containing: "e_c", install: .local).map(\.query)
        XCTAssertEqual(underscore, ["snake_case"])
    }

    func testClearEmptiesIt() async throws {
        let repository = try makeRepository()
        try await record(["a", "b"], in: repository)
        try await repository.clear(install: .local)
        let entries = try await repository.list(containing: nil, install: .local)
        XCTAssertEqual(entries, [])
        try await record(["c"], in: repository)
        let after = try await repository.list(containing: nil, install: .local).map(\.query)
        XCTAssertEqual(after, ["c"])
    }
}

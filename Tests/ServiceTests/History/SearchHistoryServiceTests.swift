import Foundation
import Service
import Model
import TestSupport
import XCTest

final class SearchHistoryServiceTests: XCTestCase {
    private func record(_ queries: [String], in history: SearchHistoryService) async throws {
        for query in queries { try await history.record(query, install: .local) }
    }

    private func queries(_ history: SearchHistoryService, contains fragment: String? = nil) async throws -> [String] {
        try await history.list(contains: fragment, install: .local).map(\.query)
    }

    func testQueriesAreTrimmedAndInnerWhitespaceCollapsed() async throws {
        let history = try makeServices().searchHistory
        let recorded = try await history.record("  happy \u{3000}  cat\u{A0} ", install: .local)
        XCTAssertEqual(recorded, "happy cat")
        let listed = try await queries(history)
        XCTAssertEqual(listed, ["happy cat"])
    }

    func testBlankQueriesAreIgnored() async throws {
        let history = try makeServices().searchHistory
        for blank in ["", "   ", "\u{A0}\u{3000}"] {
            let recorded = try await history.record(blank, install: .local)
            XCTAssertNil(recorded)
        }
        let listed = try await queries(history)
        XCTAssertEqual(listed, [])
    }

    /// The API refuses them first; the history itself never stores one either (issue 35.2).
    func testQueriesWithControlCharactersAreNeverStored() async throws {
        let history = try makeServices().searchHistory
        for query in ["a\u{0}b", "a\u{1B}b", "happy\tcat", "cat\n", "a\u{7F}b", "a\u{85}b"] {
            let recorded = try await history.record(query, install: .local)
            XCTAssertNil(recorded, query.debugDescription)
        }
        let listed = try await queries(history)
        XCTAssertEqual(listed, [])
    }

    func testSameQueryInAnyCaseIsOneEntryOnTopWithItsLatestSpelling() async throws {
        let history = try makeServices().searchHistory
        try await record(["happy cat", "dogs", "HAPPY   Cat"], in: history)
        let listed = try await queries(history)
        XCTAssertEqual(listed, ["HAPPY Cat", "dogs"])
    }

    func testKeepsTheFiveNewest() async throws {
        let history = try makeServices().searchHistory
        XCTAssertEqual(history.limit, 5)
        try await record(["one", "two", "three", "four", "five", "six", "seven"], in: history)
        let listed = try await queries(history)
        XCTAssertEqual(listed, ["seven", "six", "five", "four", "three"])
    }

    func testRepeatingAnOldQueryKeepsItFromBeingDropped() async throws {
        let history = try makeServices().searchHistory
        try await record(["one", "two", "three", "four", "five", "ONE", "six"], in: history)
        let listed = try await queries(history)
        XCTAssertEqual(listed, ["six", "ONE", "five", "four", "three"])
    }

    func testFilterIsACaseInsensitiveSubstring() async throws {
        let history = try makeServices().searchHistory
        try await record(["The Score", "cats", "Scorpions", "underscore"], in: history)
        let matches = try await queries(history, contains: "scor")
        XCTAssertEqual(matches, ["underscore", "Scorpions", "The Score"])
        let upper = try await queries(history, contains: "SCOR")
        XCTAssertEqual(upper, matches)
        let spaced = try await queries(history, contains: "the   score")
        XCTAssertEqual(spaced, ["The Score"], "the filter is normalised like the queries")
    }

    func testBlankFilterListsEverything() async throws {
        let history = try makeServices().searchHistory
        try await record(["a", "b"], in: history)
        let listed = try await queries(history, contains: "  ")
        XCTAssertEqual(listed, ["b", "a"])
    }

    func testEntriesCarryWhenTheyWereSearched() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_700_000_000))
        let history = try makeServices(clock: clock).searchHistory
        try await history.record("cats", install: .local)
        let entries = try await history.list(install: .local)
        XCTAssertEqual(entries, [SearchHistoryEntry(query: "cats", searchedAt: Date(timeIntervalSince1970: 1_700_000_000))])
    }

    func testClearEmptiesIt() async throws {
        let history = try makeServices().searchHistory
        try await record(["a", "b"], in: history)
        try await history.clear(install: .local)
        let listed = try await queries(history)
        XCTAssertEqual(listed, [])
    }
}

import FakeGiphy
import FakeUpstream
import Foundation
import Gateway
import GifBFFApp
import GiphyCatalog
import TestSupport
import XCTest

/// Issue 14 item 3 through the real server and the fake GIPHY: suggestions while typing
/// (history first, then GIPHY's autocomplete) and GIPHY's trending searches.
final class SuggestionTests: XCTestCase {
    private let tagsPath = "/v1/gifs/search/tags"

    private func suggestions(_ api: APIHarness, _ target: String, file: StaticString = #filePath,
                             line: UInt = #line) throws -> [(query: String, source: String)] {
        let response = try api.get(target)
        XCTAssertEqual(response.status, 200, response.text, file: file, line: line)
        let data = try XCTUnwrap(response.json?["data"] as? [[String: Any]], response.text, file: file, line: line)
        return data.map { ($0["query"] as? String ?? "", $0["source"] as? String ?? "") }
    }

    func testHistoryMatchesComeFirstThenGIPHYWithoutCaseRepeats() async throws {
        let api = try APIHarness(self)
        for query in ["Cats", "dogs", "black cat"] { XCTAssertEqual(try api.get("/search?q=\(query.replacingOccurrences(of: " ", with: "+"))").status, 200) }
        let got = try suggestions(api, "/search/suggestions?q=cat&limit=6")
        let history = [("black cat", "history"), ("Cats", "history")]
        let fromGIPHY = api.fake.catalog.suggestions(for: "cat", limit: 10)
            .filter { !["black cat", "cats"].contains($0) }.prefix(4).map { ($0, "giphy") }
        XCTAssertEqual(got.map(\.query), (history + fromGIPHY).map(\.0))
        XCTAssertEqual(got.map(\.source), (history + fromGIPHY).map(\.1))
        XCTAssertTrue(got.contains { $0.query == "cat" && $0.source == "giphy" }, "the fake completes \"cat\": \(got)")
        XCTAssertFalse(got.contains { $0.query == "cats" }, "\"cats\" repeats the history's \"Cats\"")
        XCTAssertEqual(api.fake.recordedCalls.last { $0.path == tagsPath }?.value(of: "q"), "cat")
    }

    func testGIPHYsPartIsCachedAndTheDefaultLimitIsFive() async throws {
        let api = try APIHarness(self)
        XCTAssertEqual(try suggestions(api, "/search/suggestions?q=do").count, 5)
        XCTAssertEqual(try suggestions(api, "/search/suggestions?q=DO&limit=2").count, 2)
        XCTAssertEqual(api.fake.callCount(path: tagsPath), 1, "one call serves every limit and letter case")
    }

    func testWhenGIPHYIsDownTheHistoryAnswersAlone() async throws {
        let api = try APIHarness(self)
        XCTAssertEqual(try api.get("/search?q=cats").status, 200)
        api.fake.inject(.serverError, lifetime: .sticky, path: tagsPath)
        let got = try suggestions(api, "/search/suggestions?q=ca")
        XCTAssertEqual(got.map(\.query), ["cats"])
        XCTAssertEqual(got.map(\.source), ["history"])
        XCTAssertEqual(api.fake.callCount(path: tagsPath), 1, "GIPHY was asked and failed")
    }

    func testWhenTheBudgetIsLowGIPHYIsNotAsked() async throws {
        // 4 calls an hour keep 1 in reserve: after 3 searches, autocomplete must not spend the last.
        let api = try APIHarness(self) {
            $0.gateway.callsPerHour = 4
            $0.upstreamSharePercent = 0  // one client spends the whole budget here
        }
        for query in ["cats", "dogs", "dance"] { XCTAssertEqual(try api.get("/search?q=\(query)").status, 200) }
        let got = try suggestions(api, "/search/suggestions?q=d")
        XCTAssertEqual(got.map(\.query), ["dance", "dogs"])
        XCTAssertEqual(Set(got.map(\.source)), ["history"])
        XCTAssertEqual(api.fake.callCount(path: tagsPath), 0)
        XCTAssertEqual(try api.get("/search?q=love").status, 200, "the last call is still there for a search")
    }

    func testABlankQueryIsTheHistoryAloneAndBadInputIs400() async throws {
        let api = try APIHarness(self)
        XCTAssertEqual(try api.get("/search?q=cats").status, 200)
        XCTAssertEqual(try suggestions(api, "/search/suggestions").map(\.query), ["cats"])
        XCTAssertEqual(api.fake.callCount(path: tagsPath), 0)
        for target in ["/search/suggestions?q=a&limit=0", "/search/suggestions?q=a&limit=11",
                       "/search/suggestions?q=\(String(repeating: "a", count: 51))"] {
            let response = try api.get(target)
            XCTAssertEqual(response.status, 400, target)
            XCTAssertEqual(response.json?["code"] as? String, "invalid_parameter", target)
        }
    }

    func testTrendingSearchesPassGIPHYsTermsOnAndAreCached() async throws {
        let api = try APIHarness(self)
        let first = try api.get("/trending/searches")
        XCTAssertEqual(first.status, 200, first.text)
        XCTAssertEqual(first.json?["data"] as? [String], api.fake.catalog.trendingSearches)
        XCTAssertEqual(first.header("X-Cache"), "MISS")
        XCTAssertEqual(try api.get("/trending/searches").header("X-Cache"), "HIT")
        XCTAssertEqual(api.fake.callCount(path: "/v1/trending/searches"), 1)
    }
}

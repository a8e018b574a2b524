import API
import Service
import Model
import HTTPServer
import TestSupport
import XCTest

/// Issue 14 in memory: GIPHY's trending offset limit, the media type reaching the provider,
/// and the JSON of alt text.
final class GiphyLimitRouteTests: XCTestCase {
    func testTheLastTrendingPageNeverPointsPast499() async throws {
        let provider = ScriptedProvider(items: (0..<600).map { makeItem("id\($0)") }, totalCount: 600)
        let answer = try await InMemoryAPI(provider: provider).get("/trending?offset=490&limit=20")
        XCTAssertEqual(answer.status, 200)
        let pagination = try XCTUnwrap(answer.json?["pagination"] as? [String: Any])
        XCTAssertTrue(pagination["next_offset"] is NSNull, "510 is past GIPHY's trending limit: \(answer.text)")
        let search = try await InMemoryAPI(provider: provider).get("/search?q=cat&offset=490&limit=20")
        XCTAssertEqual((search.json?["pagination"] as? [String: Any])?["next_offset"] as? Int, 510, "search goes on")
    }

    func testTheTypeReachesTheProvider() async throws {
        let api = InMemoryAPI()
        _ = try await api.get("/search?q=cat&type=Stickers")
        XCTAssertEqual(api.provider.lastSearch?.type, .stickers)
        _ = try await api.get("/search?q=dog")
        XCTAssertEqual(api.provider.lastSearch?.type, .gifs, "gifs unless asked")
        let random = try await api.get("/random?type=stickers")
        XCTAssertEqual(random.status, 200)
        XCTAssertEqual(api.provider.calls.last, "stickers_random")
    }

    func testAltTextIsWrittenWhenPresentAndLeftOutWhenEmpty() async throws {
        var described = makeItem("a1")
        described.altText = "A cat knocks over a glass"
        var blank = makeItem("b2")
        blank.altText = ""
        let answer = try await InMemoryAPI(provider: ScriptedProvider(items: [described, blank], totalCount: 2)).get("/trending")
        let data = try XCTUnwrap(answer.json?["data"] as? [[String: Any]])
        XCTAssertEqual(data.first?["alt_text"] as? String, "A cat knocks over a glass")
        XCTAssertNil(data.last?["alt_text"], "never \"\"")
    }
}

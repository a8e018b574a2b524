import FakeGiphy
import FakeUpstream
import Foundation
import GiphyCatalog
import TestSupport
import XCTest

/// Issue 14 through the real server and the fake GIPHY: alt text, GIPHY's trending offset limit,
/// stickers, and the smaller rendition bundle on list calls.
final class GiphyCompletenessTests: XCTestCase {
    private func gifs(_ response: RawClient.Response, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        XCTAssertEqual(response.status, 200, response.text, file: file, line: line)
        return try XCTUnwrap(response.json?["data"] as? [[String: Any]], response.text, file: file, line: line)
    }

    func testAltTextIsPassedOnWhereGIPHYHasItAndLeftOutWhereNot() async throws {
        let api = try APIHarness(self)
        let page = try gifs(api.get("/trending?limit=50"))
        var withText = 0
        var without = 0
        for item in page {
            let id = try XCTUnwrap(item["id"] as? String)
            let expected = try XCTUnwrap(api.fake.catalog.gif(id: id)).altText
            XCTAssertEqual(item["alt_text"] as? String, expected, id)
            if expected == nil { without += 1; XCTAssertNil(item["alt_text"], "absent, never \"\": \(id)") } else { withText += 1 }
        }
        XCTAssertGreaterThan(withText, 0)
        XCTAssertGreaterThan(without, 0, "the page holds GIFs GIPHY has no alt text for")

        let described = try XCTUnwrap(api.fake.catalog.gifs.first { $0.altText != nil })
        let detail = try api.get("/gif/\(described.id)")
        XCTAssertEqual(detail.json?["alt_text"] as? String, described.altText, "detail")
        XCTAssertEqual(try api.send("POST", "/favorites", json: "{\"id\":\"\(described.id)\"}").status, 201)
        let favorite = try XCTUnwrap(gifs(api.get("/favorites")).first)
        XCTAssertEqual(favorite["alt_text"] as? String, described.altText, "the favorite's snapshot keeps it")

        let spotlight = try XCTUnwrap(api.get("/spotlight").json?["gif"] as? [String: Any])
        let spotlightID = try XCTUnwrap(spotlight["id"] as? String)
        XCTAssertEqual(spotlight["alt_text"] as? String, api.fake.catalog.gif(id: spotlightID)?.altText, "spotlight")
    }

    func testTrendingStopsAtOffset499WithoutAskingGIPHY() async throws {
        let api = try APIHarness(self)
        let refused = try api.get("/trending?offset=500")
        XCTAssertEqual(refused.status, 400)
        XCTAssertEqual(refused.json?["code"] as? String, "invalid_parameter")
        XCTAssertTrue((refused.json?["detail"] as? String ?? "").contains("offset"), refused.text)
        XCTAssertEqual(api.fake.callCount(), 0)
        XCTAssertEqual(try api.get("/trending?offset=499").status, 200)
        XCTAssertEqual(try api.get("/search?q=cat&offset=500").status, 200, "search keeps GIPHY's 4999")
    }

    func testStickersComeFromTheStickerEndpointsAndAreCachedApart() async throws {
        let api = try APIHarness(self)
        let stickers = try api.get("/search?q=cat&limit=5&type=stickers")
        XCTAssertEqual(try gifs(stickers).count, 5)
        XCTAssertEqual(stickers.header("X-Cache"), "MISS")
        XCTAssertEqual(api.fake.callCount(path: "/v1/stickers/search"), 1)
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), 0)
        let plain = try api.get("/search?q=cat&limit=5")
        XCTAssertEqual(plain.header("X-Cache"), "MISS", "a sticker page never answers a GIF search")
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), 1)
        XCTAssertEqual(try api.get("/search?q=cat&limit=5&type=STICKERS").header("X-Cache"), "HIT")
        XCTAssertEqual(api.fake.callCount(path: "/v1/stickers/search"), 1)

        XCTAssertEqual(try api.get("/trending?type=stickers").status, 200)
        XCTAssertEqual(api.fake.callCount(path: "/v1/stickers/trending"), 1)
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/trending"), 0)
        XCTAssertEqual(try api.get("/random?type=stickers").status, 200)
        XCTAssertEqual(api.fake.callCount(path: "/v1/stickers/random"), 1)

        let metrics = try api.get("/metrics").text
        for endpoint in ["stickers_search", "search", "stickers_trending", "stickers_random"] {
            XCTAssertTrue(metrics.contains("endpoint=\"\(endpoint)\""), "metrics tell \(endpoint) apart")
        }
    }

    func testAnUnknownTypeIs400() async throws {
        let api = try APIHarness(self)
        for target in ["/search?q=cat&type=videos", "/trending?type=gif", "/random?type=clips"] {
            let response = try api.get(target)
            XCTAssertEqual(response.status, 400, target)
            XCTAssertEqual(response.json?["code"] as? String, "invalid_parameter", target)
            XCTAssertTrue((response.json?["detail"] as? String ?? "").contains("type"), response.text)
        }
        XCTAssertEqual(api.fake.callCount(), 0)
    }

    func testListCallsAskGIPHYForTheMessagingBundleAndLookupsDoNot() async throws {
        let api = try APIHarness(self)
        let id = try XCTUnwrap(gifs(api.get("/search?q=cat&limit=1")).first?["id"] as? String)
        _ = try api.get("/trending?limit=1")
        _ = try api.get("/gif/\(id)")
        let calls = api.fake.recordedCalls
        let search = try XCTUnwrap(calls.first { $0.path == "/v1/gifs/search" })
        let trending = try XCTUnwrap(calls.first { $0.path == "/v1/gifs/trending" })
        let lookup = try XCTUnwrap(calls.first { $0.path == "/v1/gifs/\(id)" })
        XCTAssertEqual(search.value(of: "bundle"), "messaging_non_clips")
        XCTAssertEqual(trending.value(of: "bundle"), "messaging_non_clips")
        XCTAssertNil(lookup.value(of: "bundle"), "detail keeps every rendition")
    }
}

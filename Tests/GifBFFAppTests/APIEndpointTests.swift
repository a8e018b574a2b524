import FakeGiphy
import FakeUpstream
import Foundation
import TestSupport
import XCTest

/// Every endpoint's success, through the real server, the real client and the fake GIPHY.
final class APIEndpointTests: XCTestCase {
    func testSearchReturnsTrimmedGIFsWithPagination() async throws {
        let api = try APIHarness(self)
        let response = try api.get("/search?q=cat&limit=5")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "application/json")
        let json = try XCTUnwrap(response.json)
        let data = try XCTUnwrap(json["data"] as? [[String: Any]])
        XCTAssertEqual(data.count, 5)
        let pagination = try XCTUnwrap(json["pagination"] as? [String: Any])
        XCTAssertEqual(pagination["offset"] as? Int, 0)
        XCTAssertEqual(pagination["next_offset"] as? Int, 5)
        let first = data[0]
        for key in ["id", "url", "share_text", "images", "is_favorite"] { XCTAssertNotNil(first[key], key) }
        XCTAssertNil(first["bitly_url"], "GIPHY's own fields are not passed on")
        let images = try XCTUnwrap(first["images"] as? [String: [String: Any]])
        let original = try XCTUnwrap(images["original"])
        XCTAssertNotNil(original["width"] as? Int, "renditions carry integer sizes")
        XCTAssertTrue((original["url"] as? String ?? "").contains("cid="), "media URLs keep their query")
        // The search was recorded.
        let history = try api.get("/search/history").json?["data"] as? [[String: Any]]
        XCTAssertEqual(history?.first?["query"] as? String, "cat")
    }

    func testBlankSearchIsAnEmptyPageWithoutAnUpstreamCall() async throws {
        let api = try APIHarness(self)
        let response = try api.get("/search?q=%20%20")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual((response.json?["data"] as? [Any])?.count, 0)
        XCTAssertEqual(api.fake.callCount(), 0)
    }

    func testPagingToTheEndOfAResultSet() async throws {
        let api = try APIHarness(self)
        var offset: Int? = 0
        var pages = 0
        var seen = 0
        var total: Int?
        while let current = offset, pages < 50 {
            let json = try XCTUnwrap(api.get("/search?q=dogs&limit=7&offset=\(current)").json)
            let pagination = try XCTUnwrap(json["pagination"] as? [String: Any])
            total = pagination["total_count"] as? Int ?? total
            seen += (json["data"] as? [Any])?.count ?? 0
            offset = pagination["next_offset"] as? Int
            XCTAssertTrue(pagination.keys.contains("next_offset"))
            pages += 1
        }
        XCTAssertNil(offset, "paging never ended")
        XCTAssertGreaterThan(pages, 1)
        XCTAssertGreaterThan(seen, 0)
        XCTAssertLessThanOrEqual(seen, try XCTUnwrap(total))
    }

    func testTrendingGifByIdAndRandom() async throws {
        let api = try APIHarness(self)
        let trending = try api.get("/trending?limit=3")
        XCTAssertEqual(trending.status, 200)
        let id = try XCTUnwrap((trending.json?["data"] as? [[String: Any]])?.first?["id"] as? String)
        let item = try api.get("/gif/\(id)")
        XCTAssertEqual(item.status, 200)
        XCTAssertEqual(item.json?["id"] as? String, id)
        XCTAssertEqual(item.json?["is_favorite"] as? Bool, false)
        XCTAssertTrue((item.json?["share_text"] as? String ?? "").contains("https://"))
        let random = try api.get("/random?tag=cats")
        XCTAssertEqual(random.status, 200)
        XCTAssertNotNil(random.json?["id"] as? String)
        XCTAssertEqual(try api.send("HEAD", "/gif/\(id)").status, 200)
    }

    func testFavoritesAddListRemove() async throws {
        let api = try APIHarness(self)
        let id = try XCTUnwrap((api.get("/trending?limit=1").json?["data"] as? [[String: Any]])?.first?["id"] as? String)
        let added = try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}")
        XCTAssertEqual(added.status, 201)
        XCTAssertEqual(added.json?["id"] as? String, id)
        XCTAssertEqual(added.json?["is_favorite"] as? Bool, true)
        XCTAssertNotNil(added.json?["added_at"] as? String)
        let again = try api.send("POST", "/favorites", json: "{\"id\":\"\(id)\"}")
        XCTAssertEqual(again.status, 200)
        let list = try XCTUnwrap(api.get("/favorites").json)
        XCTAssertEqual(list["count"] as? Int, 1)
        XCTAssertEqual(list["limit"] as? Int, 20)
        XCTAssertEqual((list["data"] as? [[String: Any]])?.first?["id"] as? String, id)
        XCTAssertEqual(try api.get("/gif/\(id)").json?["is_favorite"] as? Bool, true)
        let removed = try api.send("DELETE", "/favorites/\(id)")
        XCTAssertEqual(removed.status, 204)
        XCTAssertTrue(removed.body.isEmpty)
        XCTAssertEqual(try api.get("/favorites").json?["count"] as? Int, 0)
    }

    func testSearchHistoryFilterAndClear() async throws {
        let api = try APIHarness(self)
        for query in ["The Score", "Scorpions", "underscore", "cats"] {
            XCTAssertEqual(try api.get("/search?q=\(query.replacingOccurrences(of: " ", with: "+"))&limit=1").status, 200)
        }
        let filtered = try api.get("/search/history?contains=scor").json?["data"] as? [[String: Any]]
        XCTAssertEqual(filtered?.compactMap { $0["query"] as? String }, ["underscore", "Scorpions", "The Score"])
        XCTAssertEqual(try api.send("DELETE", "/search/history").status, 204)
        XCTAssertEqual((try api.get("/search/history").json?["data"] as? [Any])?.count, 0)
    }

    func testRequestBodiesMustBeJSON() async throws {
        let api = try APIHarness(self)
        let plain = try api.send("POST", "/favorites", json: "id=abc", headers: ["Content-Type: text/plain"])
        XCTAssertEqual(plain.status, 415)
        XCTAssertEqual(plain.json?["code"] as? String, "unsupported_media_type")
        let malformed = try api.send("POST", "/favorites", json: "{\"id\":")
        XCTAssertEqual(malformed.status, 400)
        XCTAssertEqual(malformed.json?["code"] as? String, "invalid_body")
        let missing = try api.send("POST", "/favorites", json: "{\"gif\":\"abc\"}")
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(missing.json?["code"] as? String, "invalid_parameter")
    }
}

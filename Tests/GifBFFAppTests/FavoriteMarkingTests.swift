import Foundation
import TestSupport
import XCTest

/// Through the real server: `is_favorite` is right on every endpoint right after an add and a
/// remove, cached pages included; and a default search page is compact.
final class FavoriteMarkingTests: XCTestCase {
    private func items(_ response: RawClient.Response) -> [[String: Any]] {
        (response.json?["data"] as? [[String: Any]]) ?? []
    }

    /// is_favorite as each endpoint shows it: `searched` (from the cat search) on the search
    /// pages, /gif and /favorites, `trending` (from trending) on /trending.
    private func marks(_ api: APIHarness, searched: String, trending: String) throws -> [String: Bool] {
        var marks: [String: Bool] = [:]
        for (target, id) in [("/search?q=cat", searched), ("/search?q=cat&renditions=all", searched), ("/trending", trending)] {
            let response = try api.get(target)
            XCTAssertEqual(response.status, 200, target)
            marks[target] = items(response).first { $0["id"] as? String == id }?["is_favorite"] as? Bool
        }
        marks["/gif"] = try api.get("/gif/\(searched)").json?["is_favorite"] as? Bool
        let listed = Set(items(try api.get("/favorites")).compactMap { $0["id"] as? String })
        marks["/favorites"] = listed.contains(searched) && listed.contains(trending)
        return marks
    }

    private func everywhere(_ value: Bool) -> [String: Bool] {
        ["/search?q=cat": value, "/search?q=cat&renditions=all": value, "/trending": value, "/gif": value, "/favorites": value]
    }

    func testEveryEndpointMarksAFavoriteRightAfterItsAddAndRemove() async throws {
        let api = try APIHarness(self)
        let searched = try XCTUnwrap(items(try api.get("/search?q=cat")).dropFirst(3).first?["id"] as? String)
        let trending = try XCTUnwrap(items(try api.get("/trending")).dropFirst(5).first?["id"] as? String)
        XCTAssertEqual(try marks(api, searched: searched, trending: trending), everywhere(false))
        for round in 0..<2 {
            for id in [searched, trending] {
                XCTAssertEqual(try api.send("POST", "/favorites", json: #"{"id":"\#(id)"}"#).status, 201)
            }
            XCTAssertEqual(try marks(api, searched: searched, trending: trending), everywhere(true), "round \(round), after the adds")
            XCTAssertEqual(try api.get("/search?q=cat").header("X-Cache"), "HIT", "a cached page")
            for id in [searched, trending] {
                XCTAssertEqual(try api.send("DELETE", "/favorites/\(id)").status, 204)
            }
            var afterRemoves = everywhere(false)
            afterRemoves["/favorites"] = false
            XCTAssertEqual(try marks(api, searched: searched, trending: trending), afterRemoves, "round \(round), after the removes")
        }
    }

    func testTheSpotlightIsMarkedRightAfterAnAddAndARemove() async throws {
        let api = try APIHarness(self)
        let id = try XCTUnwrap((try api.get("/spotlight").json?["gif"] as? [String: Any])?["id"] as? String)
        XCTAssertEqual(try api.send("POST", "/favorites", json: #"{"id":"\#(id)"}"#).status, 201)
        XCTAssertEqual((try api.get("/spotlight").json?["gif"] as? [String: Any])?["is_favorite"] as? Bool, true)
        XCTAssertEqual(try api.send("DELETE", "/favorites/\(id)").status, 204)
        XCTAssertEqual((try api.get("/spotlight").json?["gif"] as? [String: Any])?["is_favorite"] as? Bool, false)
    }

    /// The issue's target: the median item of a default search page (the demo catalog) is at most 1,500 bytes.
    func testTheMedianItemOfADefaultSearchPageIsAtMost1500Bytes() async throws {
        let api = try APIHarness(self)
        let page = items(try api.get("/search?q=cat"))
        XCTAssertEqual(page.count, 24)
        let sizes = try page.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .withoutEscapingSlashes]).count }.sorted()
        let median = (sizes[11] + sizes[12]) / 2
        XCTAssertLessThanOrEqual(median, 1_500, "item sizes: \(sizes)")
        let full = items(try api.get("/search?q=cat&renditions=all"))
        let fullSizes = try full.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .withoutEscapingSlashes]).count }.sorted()
        print("median item bytes: compact \(median), renditions=all \((fullSizes[11] + fullSizes[12]) / 2); compact sizes \(sizes)")
    }
}

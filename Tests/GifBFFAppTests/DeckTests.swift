import FakeGiphy
import Foundation
import TestSupport
import XCTest

/// Issue 14 item 4 through the real server and the fake GIPHY: GET /random/deck.
final class DeckTests: XCTestCase {
    private func deck(_ api: APIHarness, _ target: String, file: StaticString = #filePath,
                      line: UInt = #line) throws -> (ids: [String], session: String) {
        let response = try api.get(target)
        XCTAssertEqual(response.status, 200, response.text, file: file, line: line)
        XCTAssertEqual(response.header("Cache-Control"), "no-store", file: file, line: line)
        let data = try XCTUnwrap(response.json?["data"] as? [[String: Any]], response.text, file: file, line: line)
        let session = try XCTUnwrap(response.json?["session"] as? String, response.text, file: file, line: line)
        return (data.compactMap { $0["id"] as? String }, session)
    }

    func testADeckIsCountDistinctGIFsMatchingTheTagFromAtMostTwoCalls() async throws {
        let api = try APIHarness(self)
        let first = try deck(api, "/random/deck?tag=funny&count=12")
        XCTAssertEqual(first.ids.count, 12)
        XCTAssertEqual(Set(first.ids).count, 12, "distinct")
        let matching = Set(api.fake.catalog.search("funny").map(\.id))
        XCTAssertTrue(first.ids.allSatisfy(matching.contains), "every GIF matches the tag")
        XCTAssertLessThanOrEqual(api.fake.callCount(path: "/v1/gifs/search"), 2)
        XCTAssertFalse(first.session.isEmpty)
        XCTAssertEqual(try deck(api, "/random/deck").ids.count, 10, "10 by default, from trending")
        XCTAssertLessThanOrEqual(api.fake.callCount(path: "/v1/gifs/trending"), 2)
    }

    func testASessionNeverShowsAGIFTwice() async throws {
        let api = try APIHarness(self)
        var session = ""
        var shown: [String] = []
        for round in 0..<6 {
            let next = try deck(api, "/random/deck?count=25" + (session.isEmpty ? "" : "&session=\(session)"))
            // Later decks may be short when both pages drawn are mostly seen (documented), never empty here.
            XCTAssertTrue(round == 0 ? next.ids.count == 25 : (1...25).contains(next.ids.count), "round \(round): \(next.ids.count)")
            XCTAssertEqual(Set(next.ids).count, next.ids.count, "distinct within the deck")
            if !session.isEmpty { XCTAssertEqual(next.session, session, "the session carries on") }
            session = next.session
            XCTAssertTrue(Set(next.ids).isDisjoint(with: shown), "round \(round) repeats a GIF")
            shown += next.ids
        }
        XCTAssertLessThanOrEqual(api.fake.callCount(path: "/v1/gifs/trending"), 12, "at most 2 calls a deck")
        let fresh = try deck(api, "/random/deck?count=25")
        XCTAssertNotEqual(fresh.session, session, "no session, a new one")
    }

    func testStickersDecksUseTheStickerEndpoint() async throws {
        let api = try APIHarness(self)
        XCTAssertEqual(try deck(api, "/random/deck?type=stickers&count=3").ids.count, 3)
        XCTAssertGreaterThan(api.fake.callCount(path: "/v1/stickers/trending"), 0)
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/trending"), 0)
    }

    func testBadInputIs400AndATagWithNoGIFsIs404() async throws {
        let api = try APIHarness(self)
        for (target, parameter) in [("/random/deck?count=0", "count"), ("/random/deck?count=26", "count"),
                                    ("/random/deck?session=not-valid!", "session"), ("/random/deck?type=clips", "type")] {
            let response = try api.get(target)
            XCTAssertEqual(response.status, 400, target)
            XCTAssertTrue((response.json?["detail"] as? String ?? "").contains(parameter), response.text)
        }
        XCTAssertEqual(api.fake.callCount(), 0)
        let none = try api.get("/random/deck?tag=zzqqxxnothing")
        XCTAssertEqual(none.status, 404, none.text)
        XCTAssertEqual(none.json?["code"] as? String, "gif_not_found")
    }
}

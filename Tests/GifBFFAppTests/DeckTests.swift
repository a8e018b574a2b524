import FakeGiphy
import FakeUpstream
import Foundation
import GiphyCatalog
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

    /// Eight decks of 25 fill the session's memory (200), well short of the trending pool (eight
    /// whole pages of 50). So no deck may be empty: pages the session has seen whole are cached, cost
    /// no call, and the draw goes on past them (a draw capped at two pages once came back empty).
    func testASessionNeverShowsAGIFTwiceNorComesBackEmptyWhileUnseenGIFsRemain() async throws {
        let api = try APIHarness(self)
        var session = ""
        var shown: [String] = []
        for round in 0..<8 {
            let callsBefore = api.fake.callCount(path: "/v1/gifs/trending")
            let next = try deck(api, "/random/deck?count=25" + (session.isEmpty ? "" : "&session=\(session)"))
            // Later decks may be short when the pages drawn are mostly seen (documented), never empty here.
            XCTAssertTrue(round == 0 ? next.ids.count == 25 : (1...25).contains(next.ids.count), "round \(round): \(next.ids.count)")
            XCTAssertLessThanOrEqual(api.fake.callCount(path: "/v1/gifs/trending") - callsBefore, 2, "round \(round): at most 2 calls a deck")
            XCTAssertEqual(Set(next.ids).count, next.ids.count, "distinct within the deck")
            if !session.isEmpty { XCTAssertEqual(next.session, session, "the session carries on") }
            session = next.session
            XCTAssertTrue(Set(next.ids).isDisjoint(with: shown), "round \(round) repeats a GIF")
            shown += next.ids
        }
        let fresh = try deck(api, "/random/deck?count=25")
        XCTAssertNotEqual(fresh.session, session, "no session, a new one")
    }

    /// A tag whose pool is three whole pages and a short one (190 GIFs): decks of one session must
    /// find the unseen GIFs wherever they are, till the three pages are shown whole. A draw capped
    /// at two pages came back empty once both pages it drew were seen (in about half the sessions);
    /// pages the cache holds cost no call, so the draw goes on past them.
    func testEveryDeckOfATagFindsUnseenGIFsTillItsPagesAreAllShown() async throws {
        let api = try APIHarness(self)
        let pool = api.fake.catalog.search("in", rating: .upTo(level: 0))
        XCTAssertTrue((150..<200).contains(pool.count), "the premise: three whole pages of 50, then a short one (\(pool.count))")
        let wholePages = Set(pool.prefix(150).map(\.id))
        for sessionNumber in 0..<3 {
            var session = ""
            var shown = Set<String>()
            for round in 0..<12 where !wholePages.isSubset(of: shown) {
                let callsBefore = api.fake.callCount(path: "/v1/gifs/search")
                let next = try deck(api, "/random/deck?tag=in&count=25" + (session.isEmpty ? "" : "&session=\(session)"))
                let unseen = wholePages.subtracting(shown).count
                XCTAssertFalse(next.ids.isEmpty, "session \(sessionNumber), round \(round): empty with \(unseen) unseen")
                XCTAssertTrue(shown.isDisjoint(with: next.ids), "session \(sessionNumber), round \(round) repeats a GIF")
                XCTAssertLessThanOrEqual(api.fake.callCount(path: "/v1/gifs/search") - callsBefore, 2, "at most 2 calls a deck")
                if next.ids.isEmpty { break }
                shown.formUnion(next.ids)
                session = next.session
            }
            XCTAssertTrue(wholePages.isSubset(of: shown), "session \(sessionNumber): every GIF of the whole pages shown")
        }
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

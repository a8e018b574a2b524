import FakeGiphy
import FakeUpstream
import Foundation
import Gateway
import GifBFFApp
import SQLite
import TestSupport
import XCTest

/// Issue 31.1 through the real server: an upstream's numbers (a page's count and total) are any
/// JSON number, and none of them may stop the process, now or after a restart from the cache.
final class UpstreamNumbersTests: XCTestCase {
    private static let int64Max = "9223372036854775807"
    private static let int64Min = "-9223372036854775808"

    /// A GIPHY list body with these GIFs and this `pagination` object, as the fake serves it.
    private static func giphyPage(ids: [String], pagination: String) -> String {
        let gifs = ids.map { id in
            #"{"type":"gif","id":"\#(id)","url":"https://giphy.com/gifs/\#(id)","title":"GIF \#(id)","rating":"g","#
                + #""images":{"original":{"url":"https://media.giphy.com/media/\#(id)/giphy.gif","width":"480","height":"270"},"#
                + #""fixed_width":{"url":"https://media.giphy.com/media/\#(id)/200w.gif","width":"200","height":"113"}}}"#
        }
        return #"{"data":[\#(gifs.joined(separator: ","))],"pagination":\#(pagination),"#
            + #""meta":{"status":200,"msg":"OK","response_id":"numbers"}}"#
    }

    private static func ids(_ count: Int, from first: Int = 0) -> [String] {
        (first..<first + count).map { "num\($0)" }
    }

    private func serve(_ api: APIHarness, ids: [String], pagination: String) {
        api.fake.inject(.response(status: 200, contentType: "application/json", body: Self.giphyPage(ids: ids, pagination: pagination)),
                        lifetime: .sticky)
    }

    private func pagination(of response: RawClient.Response) -> [String: Any]? {
        response.json?["pagination"] as? [String: Any]
    }

    func testASearchPageWhoseCountIsInt64MaxIsAnsweredAndPagedAlsoFromTheCacheAfterARestart() async throws {
        let api = try APIHarness(self) { $0.gateway.freshSeconds = 0 }
        serve(api, ids: Self.ids(5), pagination: #"{"total_count":40,"count":\#(Self.int64Max),"offset":1}"#)
        let first = try api.get("/search?q=cats&offset=1&limit=5")
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual((first.json?["data"] as? [Any])?.count, 5)
        XCTAssertEqual(pagination(of: first)?["next_offset"] as? Int, 6, "a count past belief is the items' own")
        await api.flushWrites()
        // A restart with GIPHY down: the stored page is served stale, and paged the same way.
        await api.stopApp()
        api.fake.clearFaults()
        api.fake.inject(.serviceUnavailable, lifetime: .sticky)
        let restarted = try APIHarness(self, fake: api.fake, folder: api.folder) { $0.gateway.freshSeconds = 0 }
        let stale = try restarted.get("/search?q=cats&offset=1&limit=5")
        XCTAssertEqual(stale.status, 200)
        XCTAssertEqual(stale.header("X-Cache"), "STALE")
        XCTAssertEqual(pagination(of: stale)?["next_offset"] as? Int, 6)
        XCTAssertEqual(try restarted.get("/healthz").status, 200, "the process is still there")
    }

    func testTotalsPastBeliefAreLeftOutAndNegativeOnesToo() async throws {
        let api = try APIHarness(self)
        for (index, total) in [Self.int64Max, Self.int64Min, "-1", "1e300", "\"\(Self.int64Max)\""].enumerated() {
            serve(api, ids: Self.ids(5), pagination: #"{"total_count":\#(total),"count":5,"offset":0}"#)
            let page = try api.get("/search?q=total\(index)&limit=5")
            XCTAssertEqual(page.status, 200, total)
            XCTAssertNil(pagination(of: page)?["total_count"], "\(total) is not a total anyone has")
            XCTAssertEqual(pagination(of: page)?["next_offset"] as? Int, 5, total)
            api.fake.clearFaults()
        }
        serve(api, ids: Self.ids(5), pagination: #"{"total_count":2147483647,"count":5,"offset":0}"#)
        XCTAssertEqual(pagination(of: try api.get("/search?q=believable&limit=5"))?["total_count"] as? Int, 2_147_483_647)
    }

    func testTrendingWithACountOfInt64MaxPastOffsetZero() async throws {
        let api = try APIHarness(self)
        serve(api, ids: Self.ids(5), pagination: #"{"total_count":500,"count":\#(Self.int64Max),"offset":10}"#)
        let page = try api.get("/trending?offset=10&limit=5")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(pagination(of: page)?["next_offset"] as? Int, 15)
        XCTAssertEqual(try api.get("/healthz").status, 200)
    }

    /// A short page says how big the pool is; a deck then draws from the offsets GIPHY serves,
    /// whatever the total claims: never past offset 4999, and never an array of every page.
    func testADeckOverAPoolOfAnyClaimedSizeDrawsWithinTheOffsetsServed() async throws {
        let api = try APIHarness(self)
        for (index, total) in [Self.int64Min, Self.int64Max, "1000000000", "-5"].enumerated() {
            serve(api, ids: Self.ids(30, from: index * 100), pagination: #"{"total_count":\#(total),"count":30,"offset":0}"#)
            api.fake.resetCallCounts()
            let deck = try api.get("/random/deck?tag=pool\(index)&count=5")
            XCTAssertEqual(deck.status, 200, "total \(total): \(deck.text)")
            XCTAssertEqual((deck.json?["data"] as? [Any])?.count, 5, total)
            let offsets = api.fake.recordedCalls.filter { $0.path == "/v1/gifs/search" }.compactMap { $0.value(of: "offset").flatMap { Int($0) } }
            XCTAssertFalse(offsets.isEmpty, total)
            XCTAssertTrue(offsets.allSatisfy { (0...4999).contains($0) }, "total \(total): offsets \(offsets)")
            api.fake.clearFaults()
        }
        XCTAssertEqual(try api.get("/healthz").status, 200)
    }

    /// A page cached by an older build with a count that cannot be paged is dropped, never served:
    /// with GIPHY down it is an upstream error, and the row is gone.
    func testACachedPageThatCannotBePagedIsDroppedNotServed() async throws {
        let api = try APIHarness(self) { $0.gateway.freshSeconds = 0 }
        serve(api, ids: Self.ids(5), pagination: #"{"total_count":40,"count":5,"offset":1}"#)
        XCTAssertEqual(try api.get("/search?q=poisoned&offset=1&limit=5").status, 200)
        await api.flushWrites()
        await api.stopApp()
        let path = api.folder.appendingPathComponent("favorites.sqlite3").path
        do {
            let database = try Database(path: path)
            try database.execute("""
                UPDATE response_cache SET value = CAST(json_set(CAST(value AS TEXT), '$.count', \(Self.int64Max)) AS BLOB)
                """)
            XCTAssertEqual(database.changes, 1, "the one page is stored")
        }
        api.fake.clearFaults()
        api.fake.inject(.serviceUnavailable, lifetime: .sticky)
        let restarted = try APIHarness(self, fake: api.fake, folder: api.folder) { $0.gateway.freshSeconds = 0 }
        let answer = try restarted.get("/search?q=poisoned&offset=1&limit=5")
        XCTAssertEqual(answer.status, 502, answer.text)
        XCTAssertEqual(answer.json?["code"] as? String, "upstream_error")
        await restarted.flushWrites()
        await restarted.stopApp()
        XCTAssertEqual(try Database(path: path).queryFirst("SELECT count(*) FROM response_cache")?.int(at: 0), 0,
                       "the unreadable page was deleted")
    }
}

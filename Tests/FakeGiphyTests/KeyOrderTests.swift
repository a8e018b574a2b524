import FakeGiphy
import Foundation
import JSON
import XCTest

/// The fake writes GIPHY's keys in GIPHY's own order (not sorted), as a client reading a real
/// answer meets them.
final class KeyOrderTests: XCTestCase {
    private var harness: FakeHarness!

    override func setUp() async throws { harness = try FakeHarness() }
    override func tearDown() async throws { await harness.stop() }

    private static let gifKeys = ["type", "id", "url", "slug", "bitly_gif_url", "bitly_url", "embed_url", "username", "source",
                                  "title", "rating", "content_url", "source_tld", "source_post_url", "is_sticker", "import_datetime",
                                  "trending_datetime", "create_datetime", "images", "user", "analytics_response_payload",
                                  "analytics", "alt_text"]
    private static let renditionKeys = ["height", "width", "size", "url", "mp4_size", "mp4", "webp_size", "webp", "frames", "hash"]

    /// `keys` are those of `order` that are present, in that order, and no other.
    private func assertInOrder(_ keys: [String], _ order: [String], _ what: String) {
        XCTAssertEqual(keys, order.filter(keys.contains), what)
        XCTAssertEqual(Set(keys).subtracting(order), [], what)
    }

    func testEveryGIFOfAPageHasGIPHYsKeyOrder() async throws {
        let answer = try await harness.get("/gifs/trending", "limit=50")
        let root = try XCTUnwrap(JSONDocument.root(of: answer.body))
        XCTAssertEqual(root.members.map(\.key), ["data", "pagination", "meta"])
        XCTAssertEqual(root["pagination"]?.members.map(\.key), ["total_count", "count", "offset"])
        XCTAssertEqual(root["meta"]?.members.map(\.key), ["status", "msg", "response_id"])
        let gifs = try XCTUnwrap(root["data"]).elements
        XCTAssertEqual(gifs.count, 50)
        var withUser = 0
        for gif in gifs {
            let keys = gif.members.map(\.key)
            assertInOrder(keys, Self.gifKeys, "GIF \(gif["id"]?.string ?? "?")")
            XCTAssertEqual(keys.first, "type")
            XCTAssertEqual(keys.last, "alt_text")
            if keys.contains("user") { withUser += 1 }
            for (name, rendition) in try XCTUnwrap(gif["images"]).members {
                assertInOrder(rendition.members.map(\.key), Self.renditionKeys, "rendition \(name)")
            }
            XCTAssertEqual(gif["analytics"]?.members.map(\.key), ["onload", "onclick", "onsent"])
        }
        XCTAssertGreaterThan(withUser, 0, "a page holds GIFs with a user")
        let user = try XCTUnwrap(gifs.lazy.compactMap { $0["user"] }.first)
        XCTAssertEqual(user.members.map(\.key), ["avatar_url", "banner_image", "banner_url", "profile_url", "username",
                                                 "display_name", "description", "instagram_url", "website_url", "is_verified"])
    }
}

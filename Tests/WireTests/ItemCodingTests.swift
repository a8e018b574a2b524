import JSON
import GiphyClient
import Foundation
import Wire
import Model
import TestSupport
import XCTest

final class ItemCodingTests: XCTestCase {
    private func json(_ value: some JSONWritable) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(value.jsonBytes())) as? [String: Any])
    }

    func testFullGIFUsesSnakeCaseKeys() throws {
        let item = Item(
            id: "abc", provider: .giphy, title: "Happy Cat GIF", rating: "pg", url: "https://giphy.com/gifs/abc",
            shareURL: "https://gph.is/abc", username: "catlover",
            user: Author(displayName: "Cat Lover", username: "catlover",
                          avatarURL: "https://media.giphy.com/avatars/c.gif", profileURL: "https://giphy.com/catlover"),
            createdAt: Date(timeIntervalSince1970: 1_700_000_000), isFavorite: false,
            images: ["fixed_width": Rendition(url: "https://m/fw.gif", width: 200, height: 113, size: 12345,
                                              mp4: "https://m/fw.mp4", webp: "https://m/fw.webp")], attribution: Giphy.attribution
        )
        let object = try json(item)
        XCTAssertEqual(Set(object.keys), ["id", "provider", "attribution", "title", "rating", "url", "share_url", "share_text",
                                          "username", "user", "created_at", "is_favorite", "images"])
        XCTAssertEqual(object["share_text"] as? String, "Happy Cat GIF https://gph.is/abc")
        XCTAssertEqual(object["created_at"] as? String, "2023-11-14T22:13:20Z")
        XCTAssertEqual(object["is_favorite"] as? Bool, false)
        let user = try XCTUnwrap(object["user"] as? [String: Any])
        XCTAssertEqual(Set(user.keys), ["display_name", "username", "avatar_url", "profile_url"])
        let images = try XCTUnwrap(object["images"] as? [String: Any])
        let rendition = try XCTUnwrap(images["fixed_width"] as? [String: Any])
        XCTAssertEqual(Set(rendition.keys), ["url", "width", "height", "size", "mp4", "webp"])
        XCTAssertEqual(rendition["size"] as? Int, 12345)
    }

    func testFieldsWithoutValueAreLeftOut() throws {
        let item = Item(
            id: "abc", provider: .giphy, title: "", rating: nil, url: "https://giphy.com/gifs/abc", shareURL: "",
            username: "", user: Author(displayName: "", username: nil),
            images: ["still": Rendition(url: "https://m/s.gif", width: 100, height: 50, size: 0, mp4: "", webp: nil)], attribution: Giphy.attribution
        )
        let object = try json(item)
        XCTAssertEqual(Set(object.keys), ["id", "provider", "attribution", "url", "share_text", "images"])
        let rendition = try XCTUnwrap((object["images"] as? [String: Any])?["still"] as? [String: Any])
        XCTAssertEqual(Set(rendition.keys), ["url", "width", "height"])
        let text = String(decoding: item.jsonBytes(), as: UTF8.self)
        XCTAssertFalse(text.contains("null"), text)
        XCTAssertFalse(text.contains("\"\""), text)
    }

    func testNoImagesMeansNoImagesKey() throws {
        let object = try json(Item(id: "x", provider: .giphy, url: "https://giphy.com/gifs/x", attribution: Giphy.attribution))
        XCTAssertEqual(Set(object.keys), ["id", "provider", "attribution", "url", "share_text"])
    }

    /// Stored snapshots are the written JSON, read back with `Decodable`.
    func testDecodesWhatItWrites() throws {
        var item = makeItem("abc", shareURL: "https://gph.is/abc")
        item.user = Author(displayName: "Someone")
        item.createdAt = Date(timeIntervalSince1970: 1_600_000_000)
        let decoded = try Item(jsonBytes: Data(item.jsonBytes()))
        XCTAssertEqual(decoded, item)
    }

    /// Snapshots stored before the writer replaced `Encodable` (JSONEncoder, sorted keys) still read.
    /// Items stored before they named their provider get one from the schema's version 6
    /// (StorageTests.LegacySnapshotMigrationTests); decoding takes no provider for granted.
    func testASnapshotWithoutAProviderIsRefused() {
        XCTAssertThrowsError(try Item(jsonBytes: Data(#"{"id":"old","url":"https://giphy.com/gifs/old"}"#.utf8)))
        XCTAssertThrowsError(try Item(jsonBytes: Data(#"{"id":"old","provider":"GIPHY!","url":"u"}"#.utf8)))
    }

    func testDecodingRejectsABadDate() {
        let data = Data(#"{"id":"x","provider":"giphy","url":"u","created_at":"yesterday"}"#.utf8)
        XCTAssertThrowsError(try Item(jsonBytes: data))
    }
}

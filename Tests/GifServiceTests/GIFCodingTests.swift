import Foundation
import GifService
import TestSupport
import XCTest

final class GIFCodingTests: XCTestCase {
    private func json(_ value: some JSONWritable) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(value.jsonBytes())) as? [String: Any])
    }

    func testFullGIFUsesSnakeCaseKeys() throws {
        let gif = GIF(
            id: "abc", title: "Happy Cat GIF", rating: "pg", url: "https://giphy.com/gifs/abc",
            shareURL: "https://gph.is/abc", username: "catlover",
            user: GIFUser(displayName: "Cat Lover", username: "catlover",
                          avatarURL: "https://media.giphy.com/avatars/c.gif", profileURL: "https://giphy.com/catlover"),
            createdAt: Date(timeIntervalSince1970: 1_700_000_000), isFavorite: false,
            images: ["fixed_width": Rendition(url: "https://m/fw.gif", width: 200, height: 113, size: 12345,
                                              mp4: "https://m/fw.mp4", webp: "https://m/fw.webp")]
        )
        let object = try json(gif)
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
        let gif = GIF(
            id: "abc", title: "", rating: nil, url: "https://giphy.com/gifs/abc", shareURL: "",
            username: "", user: GIFUser(displayName: "", username: nil),
            images: ["still": Rendition(url: "https://m/s.gif", width: 100, height: 50, size: 0, mp4: "", webp: nil)]
        )
        let object = try json(gif)
        XCTAssertEqual(Set(object.keys), ["id", "provider", "attribution", "url", "share_text", "images"])
        let rendition = try XCTUnwrap((object["images"] as? [String: Any])?["still"] as? [String: Any])
        XCTAssertEqual(Set(rendition.keys), ["url", "width", "height"])
        let text = String(decoding: gif.jsonBytes(), as: UTF8.self)
        XCTAssertFalse(text.contains("null"), text)
        XCTAssertFalse(text.contains("\"\""), text)
    }

    func testNoImagesMeansNoImagesKey() throws {
        let object = try json(GIF(id: "x", url: "https://giphy.com/gifs/x"))
        XCTAssertEqual(Set(object.keys), ["id", "provider", "attribution", "url", "share_text"])
    }

    /// Stored snapshots are the written JSON, read back with `Decodable`.
    func testDecodesWhatItWrites() throws {
        var gif = makeGIF("abc", shareURL: "https://gph.is/abc")
        gif.user = GIFUser(displayName: "Someone")
        gif.createdAt = Date(timeIntervalSince1970: 1_600_000_000)
        let decoded = try JSONDecoder().decode(GIF.self, from: Data(gif.jsonBytes()))
        XCTAssertEqual(decoded, gif)
    }

    /// Snapshots stored before the writer replaced `Encodable` (JSONEncoder, sorted keys) still read.
    func testDecodesASnapshotStoredByTheEarlierEncoder() throws {
        let stored = #"{"created_at":"2020-09-13T12:26:40Z","id":"old","images":{"original":{"height":270,"url":"https:\/\/m\/o.gif","width":480}},"# +
            #""rating":"g","share_text":"Old https:\/\/giphy.com\/gifs\/old","title":"Old","url":"https:\/\/giphy.com\/gifs\/old"}"#
        let gif = try JSONDecoder().decode(GIF.self, from: Data(stored.utf8))
        XCTAssertEqual(gif, GIF(id: "old", title: "Old", rating: "g", url: "https://giphy.com/gifs/old",
                                createdAt: Date(timeIntervalSince1970: 1_600_000_000),
                                images: ["original": Rendition(url: "https://m/o.gif", width: 480, height: 270)]))
    }

    func testDecodingRejectsABadDate() {
        let data = Data(#"{"id":"x","url":"u","created_at":"yesterday"}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(GIF.self, from: data))
    }
}

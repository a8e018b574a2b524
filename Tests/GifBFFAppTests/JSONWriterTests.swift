@testable import API
import Foundation
import GifService
import XCTest

/// The directly written JSON must say exactly what the Codable encoding says.
final class JSONWriterTests: XCTestCase {
    private func parsed(_ bytes: [UInt8]) throws -> NSObject {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? NSObject)
    }

    private func codable(_ value: some Encodable) throws -> NSObject {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try parsed(Array(encoder.encode(value)))
    }

    private func written(_ value: some JSONWritable) throws -> NSObject {
        var writer = JSONWriter()
        value.write(to: &writer)
        return try parsed(writer.bytes)
    }

    static let gifs: [GIF] = [
        GIF(id: "full", title: "Happy \"Cat\" \\ GIF\nnew line\ttab 😺 é", rating: "pg-13", url: "https://giphy.com/gifs/a-b",
            shareURL: "https://gph.is/g/abc", username: "someone",
            user: GIFUser(displayName: "Some One", username: "someone", avatarURL: "https://a/b.png?x=1&y=2", profileURL: "https://p/"),
            createdAt: Date(timeIntervalSince1970: 1_600_000_000), isFavorite: true,
            images: ["original": Rendition(url: "https://m/o.gif?cid=1&ep=x", width: 480, height: 270, size: 12345,
                                           mp4: "https://m/o.mp4", webp: "https://m/o.webp"),
                     "still": Rendition(url: "https://m/s.gif", width: 200, height: 112)]),
        GIF(id: "bare", url: "https://giphy.com/gifs/bare"),
        GIF(id: "empties", title: "", rating: "", url: "https://u", shareURL: "", username: "", user: GIFUser(displayName: "", username: ""),
            isFavorite: false, images: ["preview": Rendition(url: "https://p", width: 100, height: 56, size: 0, mp4: "", webp: nil)]),
        GIF(id: "controls", title: "bell \u{07} null \u{0} del \u{7F} slash / quote '", url: "https://u/?a=\"b\""),
    ]

    func testGIFsWriteTheSameMembersAsTheirCodableEncoding() throws {
        for gif in Self.gifs {
            XCTAssertEqual(try written(gif), try codable(gif), gif.id)
        }
    }

    func testPagesFavoritesAndStaleGIFs() throws {
        let last = GIFPage(data: Self.gifs, pagination: Pagination(offset: 48, count: 4, totalCount: 52, nextOffset: nil), stale: true)
        XCTAssertEqual(try written(last), try codable(last))
        let first = GIFPage(data: [], pagination: Pagination(offset: 0, count: 0, totalCount: nil, nextOffset: 24))
        XCTAssertEqual(try written(first), try codable(first))
        let favorite = Favorite(gif: Self.gifs[0], addedAt: Date(timeIntervalSince1970: 1_700_000_000.5))
        XCTAssertEqual(try written(favorite), try codable(favorite))
        let stale = try XCTUnwrap(try written(StaleMarkedGIF(gif: Self.gifs[1], stale: true)) as? NSDictionary)
        XCTAssertEqual(stale["stale"] as? Bool, true)
        XCTAssertNil((try written(StaleMarkedGIF(gif: Self.gifs[1], stale: false)) as? NSDictionary)?["stale"])
    }

    func testEqualValuesGiveEqualBytes() {
        var one = JSONWriter()
        var two = JSONWriter()
        Self.gifs[0].write(to: &one)
        Self.gifs[0].write(to: &two)
        XCTAssertEqual(one.bytes, two.bytes)
        XCTAssertTrue(String(decoding: one.bytes, as: UTF8.self).hasPrefix("{\"created_at\":"), "keys in sorted order")
    }
}

import DemoMedia
import FakeKlipy
import Foundation
import KlipyCatalog
import KlipyClient
import KlipyDemo
import Model
import TestSupport
import XCTest

/// The demo (in-process) and the client reading the fake (HTTP) serve the same items, pages and
/// errors from one catalog: the demo's links are gif-bff's own pictures, GIFs and stills only.
final class KlipyDemoParityTests: XCTestCase {
    private func withoutLinks(_ item: Item) -> Item {
        var item = item
        item.images = item.images.mapValues { Rendition(url: "", width: $0.width, height: $0.height) }
        return item
    }

    func testDemoAndClientAgree() async throws {
        let harness = try startKlipy()
        let client = harness.client()
        let demo = KlipyDemoProvider()
        for rating in ["g", "r"] {
            let live = try await client.search(SearchRequest(query: "happy", offset: 8, limit: 8, rating: rating))
            let local = try await demo.search(SearchRequest(query: "happy", offset: 8, limit: 8, rating: rating))
            XCTAssertEqual(live.items.map(withoutLinks), local.items.map(withoutLinks))
            XCTAssertEqual(live.totalCount, local.totalCount)
        }
        let stickers = try await demo.trending(TrendingRequest(offset: 0, limit: 24, type: .stickers))
        let liveStickers = try await client.trending(TrendingRequest(offset: 0, limit: 24, type: .stickers))
        XCTAssertEqual(stickers.items.map(withoutLinks), liveStickers.items.map(withoutLinks))
        let first = try XCTUnwrap(stickers.items.first)
        let upstreamID = String(first.id.dropFirst("klipy:".count))
        let found = try await demo.item(id: upstreamID)
        XCTAssertEqual(found, first)
        let missing = await upstreamError { try await demo.item(id: "1234567890123456") }
        XCTAssertEqual(missing, .notFound)
        let tooSmall = await upstreamError { try await demo.search(SearchRequest(query: "cat", offset: 0, limit: 5)) }
        XCTAssertEqual(tooSmall, .rejected(status: 422), "KLIPY takes 8-50 a search page")
    }

    func testDemoLinksAreItsOwnPicturesAtTheSizesStated() async throws {
        let demo = KlipyDemoProvider()
        let trending = try await demo.trending(TrendingRequest(offset: 0, limit: 8))
        let item = try XCTUnwrap(trending.items.first)
        let fixed = try XCTUnwrap(item.images["fixed_width"])
        XCTAssertTrue(fixed.url.hasPrefix("/media/klipy/"), fixed.url)
        XCTAssertNil(fixed.mp4, "the demo draws no video")
        let parts = fixed.url.split(separator: "/")
        let picture = try demo.media.picture(key: String(parts[2]), name: String(parts[3]), query: [:])
        XCTAssertEqual(picture, .animation(seed: DemoPicture.seed("klipy:" + parts[2]), width: fixed.width, height: fixed.height))
        let still = try XCTUnwrap(item.images["still"])
        let stillParts = still.url.split(separator: "/")
        guard case .still = try demo.media.picture(key: String(stillParts[2]), name: String(stillParts[3]), query: [:]) else {
            return XCTFail("a jpg is a still")
        }
        XCTAssertThrowsError(try demo.media.picture(key: String(parts[2]), name: "sm.mp4", query: [:]))
    }
}

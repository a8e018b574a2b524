import FakeGiphy
import FakeUpstream
import Foundation
import GiphyCatalog
import Service
import Model
import GiphyClient
import TestSupport
import XCTest

/// Issue 14 against the fake: alt text, sticker endpoints, the compact bundle, autocomplete and
/// trending searches (both term shapes GIPHY has been seen to send).
final class ClientTermsAndStickersTests: XCTestCase {
    private var harness: ClientHarness!

    override func setUp() async throws { harness = try ClientHarness() }
    override func tearDown() async throws { await harness.stop() }

    private var catalog: GIFCatalog { harness.fake.catalog }

    func testAltTextIsMappedAndAnEmptyOneIsAbsent() async throws {
        let described = try XCTUnwrap(catalog.gifs.first { $0.altText != nil })
        let undescribed = try XCTUnwrap(catalog.gifs.first { $0.altText == nil })
        let client = harness.client()
        let first = try await client.item(id: described.id)
        XCTAssertEqual(first.altText, described.altText)
        let second = try await client.item(id: undescribed.id)
        XCTAssertNil(second.altText, "GIPHY's \"\" means none")
    }

    func testStickersUseTheStickerPaths() async throws {
        let client = harness.client()
        let page = try await client.search(SearchRequest(query: "cat", offset: 0, limit: 3, type: .stickers))
        XCTAssertEqual(page.items.count, 3)
        _ = try await client.trending(TrendingRequest(offset: 0, limit: 3, type: .stickers))
        _ = try await client.random(tag: nil, rating: nil, type: .stickers)
        for path in ["/v1/stickers/search", "/v1/stickers/trending", "/v1/stickers/random"] {
            XCTAssertEqual(harness.fake.callCount(path: path), 1, path)
        }
        XCTAssertEqual(harness.fake.callCount(path: "/v1/gifs/search"), 0)
    }

    func testTheCompactBundleIsAskedForOnlyWhenTheRequestSaysSo() async throws {
        let client = harness.client()
        let compact = try await client.search(SearchRequest(query: "cat", offset: 0, limit: 10, compactRenditions: true))
        let full = try await client.search(SearchRequest(query: "cat", offset: 0, limit: 10))
        let bundles = harness.fake.recordedCalls.map { $0.value(of: "bundle") }
        XCTAssertEqual(bundles, ["messaging_non_clips", nil])
        XCTAssertEqual(compact.items.map(\.id), full.items.map(\.id))
        for item in compact.items {
            for name in ["fixed_width", "original"] where full.items.first(where: { $0.id == item.id })?.images[name] != nil {
                XCTAssertNotNil(item.images[name], "the bundle holds \(name)")
            }
        }
        XCTAssertTrue(compact.items.allSatisfy { $0.images["downsized"] == nil }, "the fake trimmed to the bundle")
    }

    func testAutocompleteReadsNamesFromTheFake() async throws {
        let terms = try await harness.client().searchSuggestions(for: "dan", limit: 4)
        XCTAssertEqual(terms, catalog.suggestions(for: "dan", limit: 4))
        XCTAssertFalse(terms.isEmpty)
        let call = try XCTUnwrap(harness.fake.recordedCalls.last)
        XCTAssertEqual(call.path, "/v1/gifs/search/tags")
        XCTAssertEqual(call.value(of: "limit"), "4")
    }

    func testTrendingSearchesAreReadAsStrings() async throws {
        let terms = try await harness.client().trendingSearches()
        XCTAssertEqual(terms, catalog.trendingSearches)
    }

    func testEitherTermShapeIsReadAndOddItemsAreSkipped() async throws {
        let body = "{\"data\":[\"plain\",{\"name\":\"named\"},{\"nope\":1},42,\"\"],\"meta\":{\"status\":200,\"msg\":\"OK\",\"response_id\":\"x\"}}"
        harness.fake.inject(.response(status: 200, contentType: "application/json", body: body))
        let terms = try await harness.client().trendingSearches()
        XCTAssertEqual(terms, ["plain", "named", "42"])
    }

    func testATermsBodyWithoutAListIsABadResponse() async throws {
        harness.fake.inject(.response(status: 200, contentType: "application/json", body: "{\"data\":{}}"))
        let error = await upstreamError { try await self.harness.client().searchSuggestions(for: "a", limit: 5) }
        guard case .badResponse? = error else { return XCTFail("got \(String(describing: error))") }
    }
}

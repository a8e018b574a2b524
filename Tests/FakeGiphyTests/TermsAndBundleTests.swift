import FakeGiphy
import Foundation
import GiphyCatalog
import XCTest

/// The fake's issue 14 endpoints: autocomplete, trending searches, the messaging bundle and
/// alt text ("" where GIPHY has none).
final class TermsAndBundleTests: XCTestCase {
    private var harness: FakeHarness!

    override func setUp() async throws { harness = try FakeHarness() }
    override func tearDown() async throws { await harness.stop() }

    private var catalog: GIFCatalog { harness.fake.catalog }

    func testAutocompleteAnswersNamesStartingWithTheQuery() async throws {
        let answer = try await harness.get("/gifs/search/tags", "q=Da&limit=3")
        XCTAssertEqual(answer.status, 200)
        let names = answer.list.compactMap { $0["name"] as? String }
        XCTAssertEqual(names.count, 3)
        XCTAssertEqual(names, catalog.suggestions(for: "da", limit: 3))
        XCTAssertTrue(names.allSatisfy { $0.hasPrefix("da") }, "\(names)")
        XCTAssertTrue(answer.list.allSatisfy { $0["analytics_response_payload"] is String })
        let withoutQuery = try await harness.get("/gifs/search/tags", "limit=3")
        XCTAssertEqual(withoutQuery.status, 400, "q is required")
        let stickers = try await harness.get("/stickers/search/tags", "q=ca")
        XCTAssertEqual(stickers.status, 200, "the sticker twin")
    }

    func testTrendingSearchesAreStrings() async throws {
        let answer = try await harness.get("/trending/searches")
        XCTAssertEqual(answer.status, 200)
        let terms = try XCTUnwrap(answer.object?["data"] as? [String])
        XCTAssertEqual(terms, catalog.trendingSearches)
        XCTAssertEqual(terms.count, GIFCatalog.trendingSearchCount)
        XCTAssertEqual(Set(terms).count, terms.count)
    }

    func testTheMessagingBundleKeepsOnlyItsRenditions() async throws {
        let full = try await harness.get("/gifs/trending", "limit=10")
        let trimmed = try await harness.get("/gifs/trending", "limit=10&bundle=messaging_non_clips")
        XCTAssertEqual(trimmed.ids, full.ids)
        let fullNames = Set(full.list.flatMap { ($0["images"] as? [String: Any] ?? [:]).keys })
        let trimmedNames = Set(trimmed.list.flatMap { ($0["images"] as? [String: Any] ?? [:]).keys })
        XCTAssertTrue(trimmedNames.isSubset(of: RenditionBundle.messagingNonClips), "\(trimmedNames)")
        XCTAssertTrue(trimmedNames.isSuperset(of: ["fixed_width", "fixed_width_still", "original"]))
        XCTAssertTrue(fullNames.contains("downsized") && !trimmedNames.contains("downsized"))
        let unknown = try await harness.get("/gifs/trending", "limit=10&bundle=no_such_bundle")
        XCTAssertEqual(Set(unknown.list.flatMap { ($0["images"] as? [String: Any] ?? [:]).keys }), fullNames)
    }

    func testAltTextIsSentAndEmptyWhereTheCatalogHasNone() async throws {
        let described = try XCTUnwrap(catalog.gifs.first { $0.altText != nil })
        let undescribed = try XCTUnwrap(catalog.gifs.first { $0.altText == nil })
        let first = try await harness.get("/gifs/\(described.id)")
        XCTAssertEqual((first.object?["data"] as? [String: Any])?["alt_text"] as? String, described.altText)
        let second = try await harness.get("/gifs/\(undescribed.id)")
        XCTAssertEqual((second.object?["data"] as? [String: Any])?["alt_text"] as? String, "")
        XCTAssertGreaterThan(catalog.gifs.filter { $0.altText == nil }.count, catalog.gifs.count / 10)
    }
}

import FakeGiphy
import FakeUpstream
import Foundation
import Model
@testable import GiphyClient
import XCTest

/// Issue 46 item 7: search and trending ask GIPHY for `fields` (GIFMapping.fields) and read the
/// same GIFs as from GIPHY's whole objects: nothing the mapping reads is left out of the list.
final class GiphyFieldsTests: XCTestCase {
    private var harness: ClientHarness!

    override func setUp() async throws { harness = try ClientHarness() }
    override func tearDown() async throws { await harness.stop() }

    func testSearchAndTrendingSendTheMappedFields() async throws {
        let client = harness.client()
        _ = try await client.search(SearchRequest(query: "cat", offset: 0, limit: 5, compactRenditions: true))
        let search = try XCTUnwrap(harness.fake.recordedCalls.last)
        XCTAssertEqual(search.value(of: "fields"), GIFMapping.fields)
        XCTAssertEqual(search.value(of: "bundle"), GiphyEndpoint.compactBundle, "fields go beside the bundle")
        _ = try await client.trending(TrendingRequest(offset: 0, limit: 5))
        XCTAssertEqual(harness.fake.recordedCalls.last?.value(of: "fields"), GIFMapping.fields)
        for rendition in GIFMapping.renditionSources.flatMap(\.giphyNames) {
            XCTAssertTrue(GIFMapping.fields.split(separator: ",").contains("images.\(rendition)"), "\(rendition)")
        }
    }

    /// Each GIF of a page asked with `fields` equals the same GIF got by id (its whole object, no
    /// fields): every field the mapping reads was asked for.
    func testAGIFReadFromTheFieldsEqualsItReadWhole() async throws {
        let client = harness.client()
        let page = try await client.search(SearchRequest(query: "cat", offset: 0, limit: 25))
        let trending = try await client.trending(TrendingRequest(offset: 0, limit: 25))
        XCTAssertEqual(page.items.count, 25)
        var withUser = 0
        var withAltText = 0
        for item in page.items + trending.items {
            let whole = try await client.item(id: item.id)
            XCTAssertEqual(item, whole, item.id)
            if item.user != nil { withUser += 1 }
            if item.altText != nil { withAltText += 1 }
            XCTAssertNotNil(item.upstreamLinks?.onclick, item.id)
        }
        XCTAssertGreaterThan(withUser, 0, "the pages hold GIFs with a user")
        XCTAssertGreaterThan(withAltText, 0, "the pages hold GIFs with alt text")
    }
}

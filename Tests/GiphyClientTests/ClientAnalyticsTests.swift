import FakeUpstream
import JSON
import FakeGiphy
import Foundation
import Service
import Model
@testable import GiphyClient
import ProviderHTTP
import XCTest

/// GIPHY's analytics in the client: pingback urls mapped leniently, the random_id call, the pingback url.
final class ClientAnalyticsTests: XCTestCase {
    private func mapped(analytics: String) throws -> Item? {
        let json = #"{"id": "abc123", "url": "https://giphy.com/gifs/abc123", "analytics": \#(analytics)}"#
        return GIFMapping.gif(try XCTUnwrap(JSONDocument.root(of: Data(json.utf8))))
    }

    /// An id a client could not send back to /gifs/{id} or /favorites costs the GIF.
    func testAGIFWhoseIDClientsCouldNotSendBackIsNotShown() throws {
        for id in ["abc/123", "abc 123", "abc-123", "\\u034Dabc", String(repeating: "a", count: 65)] {
            let json = #"{"id": "\#(id)", "url": "https://giphy.com/gifs/abc123"}"#
            XCTAssertNil(GIFMapping.gif(try XCTUnwrap(JSONDocument.root(of: Data(json.utf8)))), id)
        }
        XCTAssertEqual(try mapped(analytics: "null")?.id, "abc123")
    }

    func testAnalyticsURLsAreMappedOnlyWhenTheyAreHTTP() throws {
        let item = try XCTUnwrap(try mapped(analytics: """
            {"onload": {"url": "https://giphy-analytics.giphy.com/v2/pingback_simple?analytics_response_payload=e%3Dx&action_type=SEEN"},
             "onclick": {"url": "javascript:alert(1)"}, "onsent": {"url": ""}}
            """))
        XCTAssertEqual(item.upstreamLinks?.onload,
                       "https://giphy-analytics.giphy.com/v2/pingback_simple?analytics_response_payload=e%3Dx&action_type=SEEN")
        XCTAssertNil(item.upstreamLinks?.onclick)
        XCTAssertNil(item.upstreamLinks?.onsent)
        // Odd shapes cost the links, never the GIF.
        for odd in [#""""#, "[]", #"{"onload": "https://x.example/p"}"#, #"{"onload": {"url": 7}}"#, "null"] {
            let gif = try XCTUnwrap(try mapped(analytics: odd), odd)
            XCTAssertNil(gif.upstreamLinks, odd)
        }
    }

    func testTheFakesGIFsCarryPingbackURLsToItself() async throws {
        let harness = try ClientHarness()
        addTeardownBlock { await harness.stop() }
        let page = try await harness.client().search(SearchRequest(query: "cats", offset: 0, limit: 3))
        XCTAssertEqual(page.items.count, 3)
        let base = try XCTUnwrap(URLComponents(url: harness.baseURL, resolvingAgainstBaseURL: false))
        for gif in page.items {
            let onload = try XCTUnwrap(gif.upstreamLinks?.onload)
            XCTAssertTrue(onload.hasPrefix("http://\(base.host ?? ""):\(base.port ?? 0)/v2/pingback_simple?"), onload)
            XCTAssertTrue(try XCTUnwrap(gif.upstreamLinks?.onsent).hasSuffix("action_type=SENT"))
        }
    }

    func testRandomIDComesFromGIPHYsRandomIDEndpoint() async throws {
        let harness = try ClientHarness()
        addTeardownBlock { await harness.stop() }
        let id = try await harness.client().fetchRandomID()
        XCTAssertEqual(id.count, 32)
        XCTAssertEqual(harness.fake.callCount(path: "/v1/randomid"), 1)
        XCTAssertEqual(harness.fake.recordedCalls.last?.value(of: "api_key"), secretKey, "an API call like any other")
    }

    func testAPingbackURLGetsRandomIDAndMillisecondsAppendedAndNoKey() throws {
        let at = Date(timeIntervalSince1970: 1_700_000_000.123)
        let url = try XCTUnwrap(GiphyClient.pingbackURL("https://a.example/p?x=1", randomID: "r 1", at: at))
        XCTAssertEqual(url.absoluteString, "https://a.example/p?x=1&random_id=r%201&ts=1700000000123")
        XCTAssertEqual(GiphyClient.pingbackURL("https://a.example/p", randomID: nil, at: at)?.absoluteString,
                       "https://a.example/p?ts=1700000000123")
        XCTAssertNil(GiphyClient.pingbackURL("ftp://a.example/p", randomID: "r", at: at))
        XCTAssertNil(GiphyClient.pingbackURL("not a url", randomID: "r", at: at))
    }
}

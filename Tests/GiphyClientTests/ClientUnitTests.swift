import Foundation
import Service
import Model
@testable import GiphyClient
import ProviderHTTP
import XCTest

/// The pure parts of the client: URLs, dates, Retry-After, configuration.
final class ClientUnitTests: XCTestCase {
    func testURLsEscapeEverythingButUnreservedAndAddTheKeyLast() throws {
        let base = try XCTUnwrap(URL(string: "https://api.giphy.com/v1/"))
        let endpoint = GiphyEndpoint.search(SearchRequest(query: "a+b & c/d?é", offset: 0, limit: 5, rating: nil, lang: " "),
                                            countryCode: nil)
        let url = endpoint.url(on: try XCTUnwrap(GiphyURLRoot(base: base, apiKey: "k+y")))
        // `fields` (issue 46) goes before the key: GIFMapping.fields, its commas escaped.
        let fields = GIFMapping.fields.replacingOccurrences(of: ",", with: "%2C")
        XCTAssertEqual(url,
                       "https://api.giphy.com/v1/gifs/search?q=a%2Bb%20%26%20c%2Fd%3F%C3%A9&limit=5&offset=0&fields=\(fields)&api_key=k%2By")
    }

    func testAnIDIsOnePathSegment() throws {
        let base = try XCTUnwrap(URL(string: "http://127.0.0.1:9/v1"))
        let url = GiphyEndpoint.gif(id: "a/b?c").url(on: try XCTUnwrap(GiphyURLRoot(base: base, apiKey: "k")))
        XCTAssertEqual(url, "http://127.0.0.1:9/v1/gifs/a%2Fb%3Fc?api_key=k")
    }

    func testGiphyDates() throws {
        XCTAssertNil(GiphyDate.parse("0000-00-00 00:00:00"))
        XCTAssertNil(GiphyDate.parse("1970-01-01 00:00:00"))
        XCTAssertNil(GiphyDate.parse("99999-01-01 00:00:00"), "RFC 3339 has four-digit years")
        XCTAssertNil(GiphyDate.parse("2023-13-01 00:00:00"))
        XCTAssertNil(GiphyDate.parse("2023-02-30 00:00:00"))
        XCTAssertNil(GiphyDate.parse("yesterday"))
        XCTAssertNil(GiphyDate.parse(""))
        XCTAssertNil(GiphyDate.parse(nil))
        let date = try XCTUnwrap(GiphyDate.parse("2021-05-06 19:22:20"))
        XCTAssertEqual(date.timeIntervalSince1970, 1_620_328_940)
    }

    func testRetryAfter() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(FailureMapping.retryAfterSeconds("30", now: now), 30)
        XCTAssertEqual(FailureMapping.retryAfterSeconds(" 0 ", now: now), 0)
        XCTAssertNil(FailureMapping.retryAfterSeconds("-1", now: now))
        XCTAssertNil(FailureMapping.retryAfterSeconds("soon", now: now))
        XCTAssertNil(FailureMapping.retryAfterSeconds(nil, now: now))
        // 1700000000 is Tue, 14 Nov 2023 22:13:20 GMT.
        XCTAssertEqual(FailureMapping.retryAfterSeconds("Tue, 14 Nov 2023 22:14:05 GMT", now: now), 45)
    }

    func testStatusMapping() {
        let byID = GiphyEndpoint.gif(id: "x")
        let search = GiphyEndpoint.search(SearchRequest(query: "x", offset: 0, limit: 1), countryCode: nil)
        XCTAssertEqual(FailureMapping.error(status: 404, retryAfter: nil, endpoint: byID), .notFound)
        XCTAssertEqual(FailureMapping.error(status: 404, retryAfter: nil, endpoint: search), .rejected(status: 404))
        XCTAssertEqual(FailureMapping.error(status: 400, retryAfter: nil, endpoint: search), .rejected(status: 400))
        XCTAssertEqual(FailureMapping.error(status: 429, retryAfter: "5", endpoint: search), .rateLimited(retryAfter: 5))
        XCTAssertEqual(FailureMapping.error(status: 403, retryAfter: nil, endpoint: byID), .unauthorized(status: 403))
        XCTAssertEqual(FailureMapping.error(status: 502, retryAfter: nil, endpoint: byID), .serverError(status: 502))
        guard case .badResponse = FailureMapping.error(status: 302, retryAfter: nil, endpoint: byID) else {
            return XCTFail("a redirect that was not followed is not a GIPHY answer")
        }
    }
}

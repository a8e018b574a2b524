import FakeGiphy
import FakeUpstream
import Foundation
import GifBFFApp
import TestSupport
import XCTest

/// Issue 44 item 8 through the real server: a query or tag with no visible character (White_Space
/// and Default_Ignorable_Code_Point only) is answered as an empty one, without an upstream call,
/// wherever such text would go upstream (search, suggestions, random, deck, spotlight); a query
/// with a visible character is sent as typed, its invisible characters included.
final class InvisibleQueryTests: XCTestCase {
    /// The code points the issue found (U+200B was a 502 in demo mode, the others a spent call),
    /// and more of the same properties: ZWJ, bidi marks, the other Hangul fillers, a variation
    /// selector, the soft hyphen, the combining grapheme joiner, the Mongolian vowel separator,
    /// a tag character; then mixed with White_Space.
    static let invisible: [String] = [
        "\u{200B}", "\u{200C}", "\u{2060}", "\u{3164}", "\u{FEFF}",
        "\u{200D}", "\u{200E}", "\u{115F}", "\u{1160}", "\u{FFA0}", "\u{FE0F}", "\u{00AD}", "\u{034F}", "\u{180E}", "\u{E0041}",
        " \u{200B} ", "\u{3000}\u{2060}\u{FEFF}\u{A0}", "\u{200B}\u{200B}\u{200B}",
    ]

    private func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    private func data(_ response: RawClient.Response, _ label: String, file: StaticString = #filePath,
                      line: UInt = #line) throws -> [[String: Any]] {
        XCTAssertEqual(response.status, 200, "\(label): \(response.text)", file: file, line: line)
        return try XCTUnwrap(response.json?["data"] as? [[String: Any]], "\(label): \(response.text)", file: file, line: line)
    }

    func testAQueryWithNothingVisibleIsAnEmptyQueryAndCallsNoUpstream() async throws {
        let api = try APIHarness(self)
        let empty = try api.get("/search?q=")
        XCTAssertEqual(try data(empty, "empty").count, 0)
        for text in Self.invisible {
            let label = text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            let search = try api.get("/search?q=\(encoded(text))")
            XCTAssertEqual(try data(search, label).count, 0, label)
            XCTAssertEqual(search.text, empty.text, "\(label) is answered as the empty query is")
            XCTAssertEqual(try data(try api.get("/search/suggestions?q=\(encoded(text))"), label).count, 0, label)
            XCTAssertEqual(api.fake.callCount(), 0, "\(label) reached GIPHY: \(api.fake.recordedCalls.map(\.path))")
        }
        XCTAssertEqual(try data(try api.get("/search/history"), "history").count, 0, "nothing was recorded as a search")

        // A tag with nothing visible is no tag: random and the spotlight ask for none, a deck draws
        // from trending.
        let zeroWidth = encoded("\u{200B}")
        XCTAssertEqual(try api.get("/random?tag=\(zeroWidth)").status, 200)
        let random = try XCTUnwrap(api.fake.recordedCalls.last { $0.path == "/v1/gifs/random" })
        XCTAssertNil(random.value(of: "tag"), "an invisible tag was sent")
        XCTAssertEqual(try api.get("/random/deck?tag=\(zeroWidth)").status, 200)
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), 0, "the deck searched for an invisible tag")
        XCTAssertGreaterThan(api.fake.callCount(path: "/v1/gifs/trending"), 0)
        let spotlight = try api.get("/spotlight?tag=\(encoded("\u{3164}"))")
        XCTAssertEqual(spotlight.status, 200, spotlight.text)
        XCTAssertNil(api.fake.recordedCalls.last { $0.path == "/v1/gifs/random" }?.value(of: "tag"), "the spotlight sent an invisible tag")
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search/tags"), 0)
    }

    /// GIPHY's terms: a query is not altered. One with a visible character is sent as typed,
    /// the zero-width space or joiner beside it included.
    func testAVisibleQueryIsSentAsTypedInvisibleCharactersIncluded() async throws {
        let api = try APIHarness(self)
        for text in ["cat\u{200B}", "\u{200B}cat", "cat\u{200D}dog", "\u{FEFF}a"] {
            XCTAssertEqual(try api.get("/search?q=\(encoded(text))").status, 200, text.debugDescription)
            let sent = try XCTUnwrap(api.fake.recordedCalls.last { $0.path == "/v1/gifs/search" }, text.debugDescription)
            XCTAssertEqual(sent.value(of: "q"), text, "sent altered")
            XCTAssertEqual(try api.get("/search/suggestions?q=\(encoded(text))").status, 200)
            XCTAssertEqual(api.fake.recordedCalls.last { $0.path == "/v1/gifs/search/tags" }?.value(of: "q"), text)
        }
        XCTAssertEqual(api.fake.callCount(path: "/v1/gifs/search"), 4)
    }

    /// In demo mode, as the issue found it: U+200B was 502 upstream_rejected and a spent call, the
    /// others 200 and a spent call each. Now each is the empty page, and the metrics count no
    /// search call; a real query still counts one.
    func testInDemoModeAnInvisibleQueryIsNoErrorAndNoCall() async throws {
        let api = try APIHarness(self) { $0.giphyAPIKey = nil }
        let searchCalls = #"gif_bff_upstream_calls_total{endpoint="search""#
        for text in Self.invisible {
            let response = try api.get("/search?q=\(encoded(text))")
            XCTAssertEqual(response.status, 200, "\(text.debugDescription): \(response.text)")
            XCTAssertEqual((response.json?["data"] as? [Any])?.count, 0, text.debugDescription)
        }
        let metrics = try api.get("/metrics").text
        XCTAssertFalse(metrics.contains(searchCalls), metrics.split(separator: "\n").filter { $0.contains(searchCalls) }.joined(separator: "\n"))
        XCTAssertEqual(try api.get("/search?q=\(encoded("cat\u{200B}"))").status, 200)
        XCTAssertTrue(try api.get("/metrics").text.contains(searchCalls), "a real query is a call")
    }
}

import FakeUpstream
import Foundation
import TestSupport
import XCTest

/// Issue 35.2 over HTTP: a control character (C0 with tab and line breaks, DEL, C1) in any text
/// input is 400 `invalid_parameter` naming the input, asks no provider, and never reaches the
/// search history or its suggestions.
final class ControlCharacterTests: XCTestCase {
    /// Percent-encoded as a client sends them: NUL, ESC, tab, LF, CR, US, DEL, and U+0080, U+0085
    /// (NEL), U+009F in UTF-8.
    static let controls = ["%00", "%1B", "%09", "%0A", "%0D", "%1F", "%7F", "%C2%80", "%C2%85", "%C2%9F"]

    private func assertRefused(_ api: APIHarness, _ method: String, _ target: String, json: String? = nil, naming parameter: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let response = try api.send(method, target, json: json)
        XCTAssertEqual(response.status, 400, "\(method) \(target) \(json ?? ""): \(response.text)", file: file, line: line)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json", target, file: file, line: line)
        XCTAssertEqual(response.json?["code"] as? String, "invalid_parameter", target, file: file, line: line)
        XCTAssertTrue((response.json?["detail"] as? String)?.contains("\"\(parameter)\"") == true, response.text, file: file, line: line)
    }

    func testEveryTextInputRefusesControlCharacters() async throws {
        let api = try APIHarness(self)
        for control in Self.controls {
            let text = "a\(control)b"
            try assertRefused(api, "GET", "/search?q=\(text)", naming: "q")
            try assertRefused(api, "GET", "/search?q=\(control)", naming: "q")
            try assertRefused(api, "GET", "/search?q=cat\(control)", naming: "q")
            try assertRefused(api, "GET", "/search?q=cat&lang=e\(control)", naming: "lang")
            try assertRefused(api, "GET", "/search?q=cat&provider=giphy\(control)", naming: "provider")
            try assertRefused(api, "GET", "/search?q=cat&rating=g\(control)", naming: "rating")
            try assertRefused(api, "GET", "/search?q=cat&type=gifs\(control)", naming: "type")
            try assertRefused(api, "GET", "/search?q=cat&provider=unsplash&order_by=latest\(control)", naming: "order_by")
            try assertRefused(api, "GET", "/search?q=cat&renditions=still\(control)", naming: "renditions")
            try assertRefused(api, "GET", "/random?tag=\(text)", naming: "tag")
            try assertRefused(api, "GET", "/spotlight?tag=\(text)", naming: "tag")
            try assertRefused(api, "GET", "/random/deck?tag=\(text)", naming: "tag")
            try assertRefused(api, "GET", "/random/deck?session=abc\(control)", naming: "session")
            try assertRefused(api, "GET", "/search/suggestions?q=\(text)", naming: "q")
            try assertRefused(api, "GET", "/search/history?contains=\(text)", naming: "contains")
            try assertRefused(api, "GET", "/items/abc\(control)", naming: "id")
        }
        // Body strings: JSON escapes them.
        for escaped in [#"\u0000"#, #"\u001b"#, #"\t"#, #"\n"#, #"\u007f"#, #"\u0085"#] {
            try assertRefused(api, "POST", "/favorites", json: #"{"id":"a\#(escaped)b"}"#, naming: "id")
            try assertRefused(api, "POST", "/gif/abc/events", json: #"{"action":"seen\#(escaped)"}"#, naming: "action")
            try assertRefused(api, "POST", "/gif/abc/events", json: #"{"action":"seen","ids":["a\#(escaped)b"]}"#, naming: "ids")
        }
        XCTAssertEqual(api.fake.recordedCalls.count, 0, "no provider was asked: \(api.fake.recordedCalls.map(\.path))")
        await api.flushWrites()
        let history = try api.get("/search/history")
        XCTAssertEqual((history.json?["data"] as? [Any])?.count, 0, history.text)
        let suggestions = try api.get("/search/suggestions?q=a")
        XCTAssertFalse(suggestions.text.contains("history"), suggestions.text)
    }

    /// The characters just past the controls, and spaces that are no controls, are text: the
    /// search is answered and recorded as typed (spaces collapsed).
    func testTheCharactersNextToTheControlsAreText() async throws {
        let api = try APIHarness(self)
        for text in ["a%20b", "a~b", "a%C2%A0b", "a%C2%A1b", "caf%C3%A9"] {
            let response = try api.get("/search?q=\(text)&limit=1")
            XCTAssertEqual(response.status, 200, "\(text): \(response.text)")
        }
        await api.flushWrites()
        let queries = (try api.get("/search/history").json?["data"] as? [[String: Any]])?.compactMap { $0["query"] as? String }
        // The no-break space is collapsed into the space: the same search, made twice.
        XCTAssertEqual(Set(queries ?? []), ["café", "a\u{A1}b", "a b", "a~b"])
    }
}

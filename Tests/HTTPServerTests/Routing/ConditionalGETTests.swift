import Primitives
import XCTest

@testable import HTTPServer

/// ETags and 304, in memory: the step is given the same body each time.
final class ConditionalGETTests: XCTestCase {
    private func status(ifNoneMatch: String?) async throws -> Int {
        try await get(ifNoneMatch: ifNoneMatch).status.code
    }

    private func get(ifNoneMatch: String?) async throws -> HTTPResponse {
        var headers = HTTPHeaders()
        if let ifNoneMatch { headers.add(name: "If-None-Match", value: ifNoneMatch) }
        let request = HTTPRequest(method: .get, target: "/a", path: "/a", pathSegments: ["a"], headers: headers)
        var response = HTTPResponse.json("{\"a\":1}")
        ConditionalGET.answer(&response, to: request)
        return response
    }

    func testAMatchingTagIs304AndAnotherIs200() async throws {
        let first = try await get(ifNoneMatch: nil)
        let tag = try XCTUnwrap(first.headers["ETag"])
        let same = try await status(ifNoneMatch: tag)
        XCTAssertEqual(same, 304)
        let other = try await status(ifNoneMatch: "\"0000000000000000\"")
        XCTAssertEqual(other, 200)
    }

    /// swift-openapi-runtime percent-encodes header values: `%22…%22` names the same tag.
    func testAPercentEncodedTagIsTheSameTag() async throws {
        let first = try await get(ifNoneMatch: nil)
        let tag = try XCTUnwrap(first.headers["ETag"])
        let encoded = tag.replacingOccurrences(of: "\"", with: "%22")
        let cases: [(condition: String, expected: Int)] = [
            (encoded, 304),
            ("W/" + encoded.lowercased(), 304),
            ("%22other%22%2C%20" + encoded, 304),  // an encoded list
            ("%22" + tag.dropFirst().dropLast() + "%2", 200),  // a broken escape is no match
            ("%zz%22", 200),
        ]
        for (condition, expected) in cases {
            let answered = try await status(ifNoneMatch: condition)
            XCTAssertEqual(answered, expected, condition)
        }
    }
}

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

    /// The tag changes with any byte of the body, in every lane and in the tail, and with the
    /// order of its words (two lanes' words swapped), and is the same for the same bytes.
    func testTheTagChangesWithEveryByteAndTheWordsOrder() {
        let body = (0..<101).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let tag = ConditionalGET.entityTag(of: body)
        XCTAssertEqual(ConditionalGET.entityTag(of: Array(body)), tag)
        var tags: Set<String> = [tag]
        for position in body.indices {
            var changed = body
            changed[position] ^= 0x01
            tags.insert(ConditionalGET.entityTag(of: changed))
        }
        XCTAssertEqual(tags.count, body.count + 1, "every byte counts")
        var swapped = body
        swapped.swapAt(0, 8)
        XCTAssertNotEqual(ConditionalGET.entityTag(of: swapped), tag, "the order of the words counts")
        let lengths = Set((0..<70).map { ConditionalGET.entityTag(of: Array(repeating: 0, count: $0)) })
        XCTAssertEqual(lengths.count, 70, "zeros of another length are another body")
    }
}

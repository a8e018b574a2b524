@testable import HTTPServer
import XCTest

/// Header names compared as bytes, ASCII case folded and nothing else, and percent-decoding's
/// short road for text without escapes, which must accept and refuse exactly what the long one does.
final class NameAndEscapeTests: XCTestCase {
    func testHeaderNamesMatchIgnoringASCIICaseOnly() {
        XCTAssertTrue(HTTPHeaders.equalNames("Content-Type", "content-type"))
        XCTAssertTrue(HTTPHeaders.equalNames("IF-NONE-MATCH", "if-none-match"))
        XCTAssertTrue(HTTPHeaders.equalNames("", ""))
        XCTAssertFalse(HTTPHeaders.equalNames("Content-Type", "Content-Typo"))
        XCTAssertFalse(HTTPHeaders.equalNames("Host", "Hos"))
        // '@' and '`', '[' and '{' are 0x20 apart but are not letters: no folding.
        XCTAssertFalse(HTTPHeaders.equalNames("X-@", "X-`"))
        XCTAssertFalse(HTTPHeaders.equalNames("X-[", "X-{"))
        // Non-ASCII bytes compare exactly (É and é are not folded).
        XCTAssertFalse(HTTPHeaders.equalNames("X-\u{C9}", "X-\u{E9}"))
        XCTAssertTrue(HTTPHeaders.equalNames("X-\u{E9}", "x-\u{E9}"))
        // A long name held on the heap beside a small one of the same length.
        let long = String(repeating: "Abc-", count: 40)
        XCTAssertTrue(HTTPHeaders.equalNames(long, long.lowercased()))
        XCTAssertFalse(HTTPHeaders.equalNames(long, long.lowercased().dropLast() + "X"))
    }

    func testLookupsFindEveryCaseOfAName() {
        var headers: HTTPHeaders = ["Accept-Encoding": "gzip", "X-One": "1"]
        headers.add(name: "x-one", value: "2")
        XCTAssertEqual(headers["accept-encoding"], "gzip")
        XCTAssertEqual(headers.values(of: "X-ONE"), ["1", "2"])
        XCTAssertNil(headers["Accept"])
        headers.set(name: "X-one", value: "3")
        XCTAssertEqual(headers.values(of: "x-one"), ["3"])
    }

    func testTextWithoutEscapesIsTakenAsItIsWhenValidUTF8() {
        func decode(_ bytes: [UInt8], plus: Bool = true) -> String? {
            PercentDecoding.decode(bytes[...], plusIsSpace: plus)
        }
        XCTAssertEqual(decode(Array("cat".utf8)), "cat")
        XCTAssertEqual(decode([]), "")
        XCTAssertEqual(decode(Array("caf\u{e9}".utf8)), "caf\u{e9}")
        XCTAssertNil(decode([0x63, 0xFF]), "not UTF-8")
        XCTAssertNil(decode([0x63, 0xC3]), "a UTF-8 sequence cut short")
        XCTAssertEqual(decode(Array("a+b".utf8)), "a b")
        XCTAssertEqual(decode(Array("a+b".utf8), plus: false), "a+b")
        XCTAssertEqual(decode(Array("caf%C3%A9".utf8)), "caf\u{e9}")
        XCTAssertNil(decode(Array("%FF".utf8)))
    }
}

@testable import HTTPServer
import XCTest

/// Header names compared as bytes, ASCII case folded and nothing else.
final class HeaderNameTests: XCTestCase {
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
}

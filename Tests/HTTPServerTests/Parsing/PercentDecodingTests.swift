@testable import HTTPServer
import XCTest

/// Percent-decoding's short road for text without escapes, which must accept and refuse exactly
/// what the long one does.
final class PercentDecodingTests: XCTestCase {
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

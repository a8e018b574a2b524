import ASCII
import XCTest

/// The byte rules the transport and the cache keys fold and read with: exactly ASCII's letters
/// and hexadecimal digits, every other byte left alone or refused.
final class ASCIIByteTests: XCTestCase {
    func testOnlyTheUppercaseLettersAreLowercased() {
        for byte in UInt8.min...UInt8.max {
            let expected = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
            XCTAssertEqual(ASCIIByte.lowercased(byte), expected, "byte \(byte)")
        }
    }

    func testHexDigitsInEitherCaseAndNothingElse() {
        let digits = Array("0123456789abcdef".utf8)
        for byte in UInt8.min...UInt8.max {
            let expected = digits.firstIndex(of: ASCIIByte.lowercased(byte)).map(UInt8.init)
            XCTAssertEqual(ASCIIByte.hexValue(byte), expected, "byte \(byte)")
        }
        XCTAssertEqual(ASCIIByte.hexValue(UInt8(ascii: "F")), 15)
        XCTAssertNil(ASCIIByte.hexValue(UInt8(ascii: "g")))
        XCTAssertNil(ASCIIByte.hexValue(UInt8(ascii: "G")))
    }
}

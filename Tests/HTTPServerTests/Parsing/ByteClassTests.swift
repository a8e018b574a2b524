import XCTest
@testable import HTTPServer

final class ByteClassTests: XCTestCase {
    /// The token masks hold exactly RFC 9110's tchar, for every byte.
    func testTokenCharactersAreExactlyTchar() {
        let tchar = Set(Array("!#$%&'*+-.^_`|~0123456789".utf8)
                        + Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8))
        for value in 0...255 {
            let byte = UInt8(value)
            XCTAssertEqual(ByteClass.isTokenCharacter(byte), tchar.contains(byte), "byte \(value)")
        }
    }
}

@testable import API
import XCTest

/// A host's text as it is compared: lowercased, a final dot dropped, IPv6 in brackets; anything
/// else (spaces, slashes, non-ASCII, empty) is no host.
final class HostNameTests: XCTestCase {
    func testValidHostsAndTheTextTheyCompareAs() {
        let table: [(String, String)] = [
            ("localhost", "localhost"), ("LOCALHOST.", "localhost"), ("Gifs.Local", "gifs.local"),
            ("127.0.0.1", "127.0.0.1"), ("my_host-1.example", "my_host-1.example"),
            ("[::1]", "[::1]"), ("::1", "[::1]"), ("FE80::1", "[fe80::1]"), ("[::ffff:1.2.3.4]", "[::ffff:1.2.3.4]"),
        ]
        for (value, text) in table {
            XCTAssertEqual(HostName(value)?.text, text, value)
        }
    }

    func testInvalidHostsAreNone() {
        let invalid = ["", ".", "a b", "a/b", "a@b", "a%20b", "[", "[]", "[::1", "[:g:]", "[1.2.3.4]", "::g",
                       "héllo", "\u{212A}", "[\u{FF11}::1]", "a\u{0}b", "a\r\nb"]
        for value in invalid {
            XCTAssertNil(HostName(value), value.debugDescription)
        }
    }

    func testSplitTakesThePortAfterTheHost() {
        XCTAssertEqual(HostName.split("gifs.local:8080").host, "gifs.local")
        XCTAssertEqual(HostName.split("gifs.local:8080").port, "8080")
        XCTAssertEqual(HostName.split("[::1]:80").host, "[::1]")
        XCTAssertEqual(HostName.split("[::1]:80").port, "80")
        XCTAssertNil(HostName.split("[::1]").port)
        XCTAssertNil(HostName.split("localhost").port)
    }
}

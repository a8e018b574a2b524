import Foundation
import ProviderHTTP
import XCTest

/// QueryEscaping escapes byte by byte as Foundation's `addingPercentEncoding` with RFC 3986's
/// unreserved characters did (the upstreams' recorded calls depend on it: "+" is "%2B").
final class QueryEscapingTests: XCTestCase {
    func testEscapingIsFoundationsWithTheUnreservedCharacters() {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let texts = ["", "cat", "thumbs up & more+1", "a=b;c/d?e#f", "Süße  Katzen", "dog 🐶 100%", "~._-", "\u{200B}x\u{FEFF}",
                     "id,url,images.original,user.username", "C'est l'été!", "\u{7F}\u{01}\t\n", "日本語"]
        for text in texts {
            XCTAssertEqual(QueryEscaping.escape(text), text.addingPercentEncoding(withAllowedCharacters: unreserved), text.debugDescription)
        }
        XCTAssertEqual(QueryEscaping.escape("a+b c"), "a%2Bb%20c")
    }
}

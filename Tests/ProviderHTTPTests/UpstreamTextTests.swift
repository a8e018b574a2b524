import ASCII
import Foundation
import JSON
import ProviderHTTP
import XCTest

/// `meaningfulText` and `webLink` read most strings on their bytes in place (no escape, a visible
/// ASCII byte at either end); every string reads as the general rule reads it: `text` trimmed
/// of White_Space, then `WebLink.checked`.
final class UpstreamTextTests: XCTestCase {
    /// JSON string literals (as sent, escapes and all), and a number.
    private let values = [
        #""https://media1.giphy.com/media/abc/200w.gif?cid=1&rid=200w.gif&ct=g""#, #""https:\/\/media1.giphy.com\/a.gif""#,
        #"" https://a/b""#, #""https://a/b ""#, #""https://a/b\n""#, "\"https://a/b\u{00A0}\"", "\"\u{2003}https://a/b\"",
        #""https://a b/c""#, #""javascript:alert(1)""#, #""http://""#, #""http://:80/x""#, #""HTTPS://Example.COM""#,
        #""https://a/é""#, "\"https://a/\u{00E9}\"", #""  ""#, #""""#, #""x""#, #""é""#, #""café ""#, #""\u0085tab\t""#,
        #""a\"b""#, #""Funny Cat""#, "12", "12.5", "true", "null", #"{"url":"https://a"}"#, #"["https://a"]"#,
    ]

    func testEveryStringReadsAsTheGeneralRuleReadsIt() throws {
        for literal in values {
            let value = try XCTUnwrap(JSONDocument.root(of: Data(literal.utf8)), literal)
            let general = value.text.flatMap(WhiteSpace.trimmed)
            XCTAssertEqual(value.meaningfulText, general, literal)
            XCTAssertEqual(value.webLink, general.flatMap(WebLink.checked), literal)
        }
    }

    func testInvalidUTF8ReadsAsTheGeneralRuleReadsIt() throws {
        for bytes: [UInt8] in [[0x22, 0x61, 0xFF, 0x62, 0x22], Array(#""https://a/"#.utf8) + [0xC3, 0x22], [0x22, 0xFF, 0x22]] {
            let value = try XCTUnwrap(JSONDocument.root(of: Data(bytes)))
            let general = value.text.flatMap(WhiteSpace.trimmed)
            XCTAssertEqual(value.meaningfulText, general, "\(bytes)")
            XCTAssertEqual(value.webLink, general.flatMap(WebLink.checked), "\(bytes)")
        }
    }

    /// `withWebLinkBytes` lends `webLink`'s bytes, and says they are valid UTF-8 only when they are
    /// (a taker then appends them unchecked): bytes as sent, invalid included, are not vouched for.
    func testWebLinkBytesAreTheLinksAndVouchedForOnlyWhenValid() throws {
        let invalid: [[UInt8]] = [Array(#""https://a/"#.utf8) + [0xFF] + Array(#"b""#.utf8),
                                  Array(#""https://a/"#.utf8) + [0xC3, 0x41] + Array(#"x.gif""#.utf8)]
        let literals = values.map { Data($0.utf8) } + invalid.map { Data($0) }
        for literal in literals {
            let value = try XCTUnwrap(JSONDocument.root(of: literal))
            var lent: (bytes: [UInt8], isValidUTF8: Bool)?
            let found = value.withView { view in view.withWebLinkBytes { bytes, isValidUTF8 in lent = (Array(bytes), isValidUTF8) } }
            XCTAssertEqual(found, value.webLink != nil, "\(Array(literal))")
            guard let lent else { continue }
            XCTAssertEqual(String(decoding: lent.bytes, as: UTF8.self), value.webLink, "\(Array(literal))")
            if lent.isValidUTF8 {
                XCTAssertNotNil(String(validating: lent.bytes, as: UTF8.self), "vouched for, not valid: \(Array(literal))")
            }
        }
        // The invalid ones are links (usable in place), lent as sent and not vouched for.
        for literal in invalid {
            let value = try XCTUnwrap(JSONDocument.root(of: Data(literal)))
            XCTAssertTrue(value.withView { view in view.withWebLinkBytes { _, isValidUTF8 in XCTAssertFalse(isValidUTF8) } })
        }
    }

    /// A link the parser found all visible ASCII skips the space and control check: a space, DEL,
    /// a non-ASCII letter or an escape at any place of a long link still reads as the general rule.
    func testLongLinksWithAnyOddByteReadAsTheGeneralRule() throws {
        let link = "https://media2.giphy.com/media/v1.Y2lkPTc5/abcdefghijk/200w.gif?cid=7&rid=200w.gif&ct=g"
        XCTAssertEqual(JSONDocument.root(of: Data("\"\(link)\"".utf8))?.webLink, link)
        for place in 8..<link.utf8.count {
            let index = link.index(link.startIndex, offsetBy: place)
            for odd in [" ", "\u{7F}", "é", "\u{85}", #"\/"#, #"\t"#, #"\u0041"#] {
                var literal = link
                literal.insert(contentsOf: odd, at: index)
                let value = try XCTUnwrap(JSONDocument.root(of: Data("\"\(literal)\"".utf8)), literal)
                XCTAssertEqual(value.webLink, value.text.flatMap(WhiteSpace.trimmed).flatMap(WebLink.checked), "\(odd.debugDescription) at \(place)")
            }
        }
    }

    /// Read in place only when there is no escape to decode.
    func testOnlyAnUnescapedStringIsReadInPlace() throws {
        let plain = try XCTUnwrap(JSONDocument.root(of: Data(#""a/b""#.utf8)))
        XCTAssertEqual(plain.withUnescapedBytes { String(decoding: $0, as: UTF8.self) }, "a/b")
        let escaped = try XCTUnwrap(JSONDocument.root(of: Data(#""a\/b""#.utf8)))
        XCTAssertNil(escaped.withUnescapedBytes { $0.count })
        XCTAssertNil(try XCTUnwrap(JSONDocument.root(of: Data("12".utf8))).withUnescapedBytes { $0.count })
    }
}

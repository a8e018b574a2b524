import Model
import XCTest

/// The input values accept exactly what their rules allow.
final class InputRulesTests: XCTestCase {
    /// A provider other than GIPHY, by name: the model knows none but GIPHY by heart.
    private static let unsplash = ProviderName(known: "unsplash")

    func testPageRequestBounds() {
        // A provider's own ranges are its rules', checked where requests are read (ErrorTableTests).
        for (offset, limit) in [(0, 1), (4999, 50), (10, 24), (30, 30)] {
            XCTAssertNotNil(PageRequest(offset: offset, limit: limit), "\(offset), \(limit)")
        }
        for (offset, limit) in [(-1, 10), (0, 0), (0, -5)] {
            XCTAssertNil(PageRequest(offset: offset, limit: limit), "\(offset), \(limit)")
        }
    }

    func testRatingsAreTheFourInAnyCase() {
        XCTAssertEqual(Rating.all.map(\.rawValue), ["g", "pg", "pg-13", "r"])
        XCTAssertEqual(Rating("PG-13"), .pg13)
        XCTAssertEqual(Rating("g"), .g)
        for text in ["", "nc-17", "pg13", "x"] { XCTAssertNil(Rating(text), text) }
    }

    func testLanguageCodesAreTwoLettersLowercased() {
        XCTAssertEqual(LanguageCode("EN")?.rawValue, "en")
        for text in ["", "e", "eng", "english", "e1", "é", "éé"] { XCTAssertNil(LanguageCode(text), text) }
    }

    func testGIFIDsAreOneToSixtyFourLettersAndDigits() {
        XCTAssertEqual(ItemID("abc123XYZ")?.rawValue, "abc123XYZ")
        XCTAssertNotNil(ItemID(String(repeating: "a", count: 64)))
        for text in ["", "abc-def", String(repeating: "a", count: 65), "a b", "ü"] { XCTAssertNil(ItemID(text), text) }
    }

    func testOtherProvidersIdsCarryTheirNameAndAllowDashesAndUnderscores() throws {
        let photo = try XCTUnwrap(ItemID("unsplash:wfH7b-1pf6g_"))
        XCTAssertEqual(photo.provider, Self.unsplash)
        XCTAssertEqual(photo.upstreamID, "wfH7b-1pf6g_")
        XCTAssertEqual(photo.rawValue, "unsplash:wfH7b-1pf6g_")
        XCTAssertEqual(ItemID("abc")?.provider, .giphy)
        XCTAssertEqual(ItemID(provider: Self.unsplash, upstreamID: "x")?.rawValue, "unsplash:x")
        XCTAssertEqual(ItemID(provider: .giphy, upstreamID: "x")?.rawValue, "x")
        // A colon inside a Character: after a prepending mark (U+0600), or before a combining one.
        for text in ["unsplash:", "giphy:abc", ":abc", "Unsplash:abc", "unsplash:a b", "unsplash:a:b", "unsplash:é",
                     "unsplash:" + String(repeating: "a", count: 65), "unsplash\u{600}:abc", "unsplash:\u{301}abc", "abc\u{600}:"] {
            XCTAssertNil(ItemID(text), text)
        }
    }

    /// What a mapping reads from an upstream: an id a client could not send back has no ItemID.
    /// The fuzzer found an Unsplash id that began with a combining mark and held a slash.
    func testUpstreamIDsClientsCouldNotSendBackHaveNoItemID() {
        for upstreamID in ["", "a/b", "a b", "\u{34D}abc", "é", "a:b", "a?b", String(repeating: "a", count: 65)] {
            XCTAssertNil(ItemID(provider: Self.unsplash, upstreamID: upstreamID), upstreamID)
            XCTAssertNil(ItemID(provider: .giphy, upstreamID: upstreamID), upstreamID)
        }
        XCTAssertNil(ItemID(provider: .giphy, upstreamID: "a-b"), "GIPHY's ids are letters and digits only")
        XCTAssertEqual(ItemID(provider: Self.unsplash, upstreamID: "a-b_c")?.upstreamID, "a-b_c")
    }

    func testSearchWordsAreTrimmedBlankIsNoneAndTooLongIsRejected() throws {
        XCTAssertEqual(try SearchWords.parse("  happy cat ")?.text, "happy cat")
        XCTAssertNil(try SearchWords.parse("   "))
        XCTAssertNotNil(try SearchWords.parse(String(repeating: "a", count: 50)))
        XCTAssertThrowsError(try SearchWords.parse(String(repeating: "a", count: 51))) { error in
            XCTAssertEqual(error as? SearchWords.Rejection, .tooLong)
        }
        // Counted in Unicode scalars as sent: 26 two-scalar characters are 52.
        XCTAssertThrowsError(try SearchWords.parse(String(repeating: "e\u{301}", count: 26)))
    }

    /// Every Unicode space that is no control character is trimmed at either end (Foundation's
    /// whitespacesAndNewlines, which this once called, less the controls), none inside; other
    /// text stays as sent.
    func testSearchWordsTrimUnicodeWhitespaceAtTheEndsOnly() throws {
        XCTAssertEqual(try SearchWords.parse("\u{3000}\u{A0}cat\u{2029}\u{2028}")?.text, "cat")
        XCTAssertEqual(try SearchWords.parse(" happy\u{3000}cat\u{A0}")?.text, "happy\u{3000}cat")
        XCTAssertEqual(try SearchWords.parse("Café ")?.text, "Café")
        XCTAssertEqual(try SearchWords.parse("e\u{301}")?.text, "e\u{301}", "a combining mark is no space")
        XCTAssertEqual(try SearchWords.parse("\u{200B}cat")?.text, "\u{200B}cat", "a zero-width space is not white space")
        XCTAssertNil(try SearchWords.parse("\u{2000}\u{205F}\u{1680}"))
    }

    /// Issue 44 item 8: text whose every scalar is White_Space or Default_Ignorable_Code_Point
    /// (Swift's `Unicode.Scalar.Properties`) has nothing to match: no words, as blank text. One
    /// visible scalar makes it words, kept as sent with its invisible ones.
    func testSearchWordsWithNothingVisibleAreNone() throws {
        let invisible: [Unicode.Scalar] = ["\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2060}", "\u{2064}",
                                           "\u{FEFF}", "\u{00AD}", "\u{034F}", "\u{061C}", "\u{115F}", "\u{1160}", "\u{3164}",
                                           "\u{FFA0}", "\u{180E}", "\u{FE00}", "\u{FE0F}", "\u{E0001}", "\u{E0041}", "\u{E0100}"]
        for scalar in invisible {
            let text = String(scalar)
            XCTAssertTrue(scalar.properties.isDefaultIgnorableCodePoint, text.debugDescription)
            XCTAssertNil(try SearchWords.parse(text), text.debugDescription)
            XCTAssertNil(try SearchWords.parse(" \(text)\u{3000}\(text) "), text.debugDescription)
            XCTAssertEqual(try SearchWords.parse("a\(text)")?.text, "a\(text)", "kept beside a visible character")
            XCTAssertEqual(try SearchWords.parse("\(text)\u{E9}")?.text, "\(text)\u{E9}")
        }
        XCTAssertNil(try SearchWords.parse(""))
        // Visible, though blank-looking or alone: not default-ignorable, so words.
        for text in ["\u{2800}", "\u{301}", "\u{3000}\u{30A2}", "_", "\u{1F600}", "\u{FFFC}"] {
            XCTAssertNotNil(try SearchWords.parse(text), text.debugDescription)
        }
    }

    /// C0 (tab and line breaks included), DEL and C1 are refused wherever they are (issue 35.2);
    /// the characters just past them are words.
    func testSearchWordsRefuseControlCharacters() throws {
        for control in ["\u{0}", "\u{1B}", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}"] {
            for text in ["a\(control)b", "\(control)cat", "cat\(control)", " \(control) "] {
                XCTAssertThrowsError(try SearchWords.parse(text), text.debugDescription) { error in
                    XCTAssertEqual(error as? SearchWords.Rejection, .controlCharacter, text.debugDescription)
                }
            }
        }
        for word in ["a b", "a~b", "a\u{A0}b", "a\u{A1}b", "a\u{C2}b", "a\u{100}b", "a\u{2028}b", "a\u{1F600}b"] {
            XCTAssertEqual(try SearchWords.parse(word)?.text, word, word.debugDescription)
        }
    }
}

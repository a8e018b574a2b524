import ASCII
import XCTest

/// C0, DEL and C1 controls are found wherever they are in the text; nothing else is one, the
/// characters that share a lead byte with C1 (U+00A0-U+00BF) and a 0x80-0x9F continuation byte
/// after another lead byte included.
final class ControlCharactersTests: XCTestCase {
    func testEveryControlIsFoundAtEitherEndOrInTheMiddle() throws {
        let controls = Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F)
        for value in controls {
            let control = String(Character(try XCTUnwrap(Unicode.Scalar(UInt32(value)))))
            for text in [control, "cat" + control, control + "cat", "c" + control + "at"] {
                XCTAssertTrue(ControlCharacters.present(in: text), "U+\(String(value, radix: 16)) in \(text.debugDescription)")
            }
        }
    }

    func testTextWithoutControlsHasNone() {
        // U+00A0-U+00BF are 0xC2 0xA0-0xBF; U+0100 is 0xC4 0x80 and U+2000 0xE2 0x80 0x80:
        // a 0x80-0x9F byte after any lead byte but 0xC2 is no control.
        for text in ["", "cat", "caf\u{E9}", "\u{A0}", "\u{BF}", "\u{100}", "\u{2000}", "\u{2028}", "😀", "a b"] {
            XCTAssertFalse(ControlCharacters.present(in: text), text.debugDescription)
        }
    }
}

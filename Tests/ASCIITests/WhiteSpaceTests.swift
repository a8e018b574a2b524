import Foundation
import ASCII
import XCTest

/// Trimming without Foundation gives what Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gave,
/// but for the zero width space, which Foundation on Linux trims and Unicode's White_Space does not hold
/// (as SearchWords already read it).
final class WhiteSpaceTests: XCTestCase {
    private let samples = [
        "cat", " cat ", "\tcat\n", "\u{A0}cat\u{3000}", "\u{2028}cat\u{85}", "c a t", "  ", "", "\r\n", "\u{1680}\u{200A}",
        " \u{301}cat", "cat \u{301}", "😀 ", " é", "\u{FEFF}cat", "\u{202F}\u{205F}x\u{2000}",
        "https://a/b c", "x\u{0}", "\u{B}\u{C}x\u{1C}",
    ]

    func testTrimsWhatFoundationTrimmed() {
        for text in samples {
            let foundation = text.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(WhiteSpace.trimmed(text), foundation.isEmpty ? nil : foundation, text.debugDescription)
            XCTAssertEqual(WhiteSpace.isBlank(text), foundation.isEmpty, text.debugDescription)
        }
    }

    func testTheZeroWidthSpaceIsNotWhiteSpace() {
        XCTAssertEqual(WhiteSpace.trimmed("\u{200B}cat\u{200B}"), "\u{200B}cat\u{200B}")
    }
}

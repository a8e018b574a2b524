import ASCII
import XCTest

/// Text that holds only White_Space and default-ignorable scalars is invisible; one visible
/// scalar anywhere makes it visible.
final class InvisibleTextTests: XCTestCase {
    private let invisible = [
        "", " ", "\t\n", "\u{A0}", "\u{3000}", "\u{200B}", "\u{200C}\u{200D}", "\u{2060}", "\u{FEFF}", "\u{AD}",
        "\u{34F}", "\u{3164}", "\u{FE0F}", "\u{E0041}", " \u{200B} \u{FEFF}",
    ]

    func testWhiteSpaceAndDefaultIgnorablesAloneAreInvisible() {
        for text in invisible {
            XCTAssertTrue(InvisibleText.isInvisible(text), text.unicodeScalars.map { String($0.value, radix: 16) }.description)
        }
    }

    func testOneVisibleScalarMakesTheTextVisible() {
        for text in invisible {
            for visible in ["a", "~", "é", "😀", "\u{301}"] {
                XCTAssertFalse(InvisibleText.isInvisible(text + visible), (text + visible).debugDescription)
                XCTAssertFalse(InvisibleText.isInvisible(visible + text), (visible + text).debugDescription)
            }
        }
    }
}

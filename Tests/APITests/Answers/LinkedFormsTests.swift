@testable import API
import Wire
import XCTest

/// The forms without `renditions` are linked once per host (the first four), then shared; a
/// host past those is linked per request, with the same base as ever.
final class LinkedFormsTests: XCTestCase {
    func testAHostsFormsAreLinkedOnceAndShared() {
        let forms = LinkedForms()
        var basesMade = 0
        func linked(_ host: String?) -> LinkedForms.Linked {
            forms.forms(host: host) {
                basesMade += 1
                return host.map { "http://" + $0 }
            }
        }
        let first = linked("127.0.0.1:8080")
        XCTAssertTrue(linked("127.0.0.1:8080") === first, "kept for its host")
        XCTAssertEqual(basesMade, 1)
        XCTAssertEqual(first.full, ItemForm.full.linked(to: "http://127.0.0.1:8080"))
        XCTAssertEqual(first.compact, ItemForm.compact.linked(to: "http://127.0.0.1:8080"))
        XCTAssertEqual(first.base, "http://127.0.0.1:8080")

        let none = linked(nil)
        XCTAssertNil(none.base)
        XCTAssertEqual(none.full, ItemForm.full)
        for host in ["a:1", "b:1"] { XCTAssertEqual(linked(host).full.linkBase, "http://" + host) }
        XCTAssertEqual(basesMade, 4, "four hosts kept")
        let past = linked("c:1")
        XCTAssertEqual(past.compact.linkBase, "http://c:1", "a fifth host's base is its own")
        XCTAssertFalse(linked("c:1") === past, "not kept: linked per request")
        XCTAssertTrue(linked(nil) === none)
        XCTAssertTrue(linked("127.0.0.1:8080") === first)
    }
}

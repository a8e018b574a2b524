import Model
import Wire
import XCTest

/// A form's parts are held by reference (a copy retains one object); forms are still equal, and
/// hash alike, exactly when they write the same: same compactness, renditions, kept links and
/// link base, whether made apart or linked.
final class ItemFormTests: XCTestCase {
    func testFormsAreEqualWhenTheyWriteTheSame() throws {
        let photos = try XCTUnwrap(RenditionSelection("thumb,small"))
        XCTAssertEqual(ItemForm(isCompact: true, renditions: photos), ItemForm(isCompact: true, renditions: photos))
        XCTAssertEqual(Set([ItemForm(isCompact: true, renditions: photos), ItemForm(isCompact: true, renditions: photos)]).count, 1)
        XCTAssertEqual(ItemForm.full.linked(to: "http://a:1"), ItemForm(isCompact: false, renditions: .all, linkBase: "http://a:1"))
        XCTAssertEqual(ItemForm.full.linked(to: "http://a:1").linked(to: nil), ItemForm.full)
        let different = [ItemForm.full, ItemForm.compact, ItemForm.stored, ItemForm(isCompact: true, renditions: .all),
                         ItemForm(isCompact: false, renditions: photos), ItemForm.full.linked(to: "http://a:1"),
                         ItemForm.full.linked(to: "http://b:1")]
        XCTAssertEqual(Set(different).count, different.count)
        for (index, form) in different.enumerated() {
            for other in different[(index + 1)...] { XCTAssertNotEqual(form, other, "\(form.key) \(other.key)") }
        }
        let linked = ItemForm.compact.linked(to: "http://a:1")
        XCTAssertEqual(linked.linkBase, "http://a:1")
        XCTAssertEqual(linked.renditions, ItemForm.compact.renditions)
        XCTAssertTrue(linked.isCompact)
        XCTAssertFalse(linked.keepsUpstreamLinks)
        XCTAssertTrue(ItemForm.stored.keepsUpstreamLinks)
    }
}

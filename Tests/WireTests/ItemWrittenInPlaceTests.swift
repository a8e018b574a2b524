import JSON
import Foundation
import Model
import Wire
import XCTest

/// An item of a buffer written where it lies (`Item.writeMembers(of:at:)`, what a page's writer
/// does) is written as the item itself writes, in every form, marked or not; and the buffer is
/// only read: a copy of the array that shares its storage sees the same items after.
final class ItemWrittenInPlaceTests: XCTestCase {
    private static let items: [Item] = (0..<3).map { index in
        Item(id: "i\(index)", provider: .giphy, title: "Cat \(index)", url: "https://giphy.com/gifs/\(index)",
             username: "u\(index)", images: ["still": Rendition(url: "https://m/\(index).gif", width: 2 + index, height: 1)])
    }

    private func members(_ write: (inout JSONWriter) -> Void) -> String {
        String(decoding: JSONWriter.bytes(capacity: 64) { writer in writer.object(write) }, as: UTF8.self)
    }

    func testAnItemWrittenWhereItLiesIsWrittenAsItWritesItself() {
        let shared = Self.items
        let before = shared.map { item in members { writer in item.writeMembers(to: &writer, form: .full) } }
        for form in [ItemForm.full, .compact] {
            for marked in [nil, true, false] {
                for index in shared.indices {
                    let alone = members { writer in shared[index].writeMembers(to: &writer, form: form, markedFavorite: marked) }
                    let inPlace = shared.withUnsafeBufferPointer { items in
                        members { writer in Item.writeMembers(of: items, at: index, to: &writer, form: form, markedFavorite: marked) }
                    }
                    XCTAssertEqual(inPlace, alone, "item \(index), \(form), marked \(String(describing: marked))")
                }
            }
        }
        XCTAssertTrue(members { writer in Self.items.withUnsafeBufferPointer { items in Item.writeMembers(of: items, at: 1, to: &writer, form: .full, markedFavorite: true) } }
            .contains(#""is_favorite":true"#))
        XCTAssertEqual(Self.items.map { item in members { writer in item.writeMembers(to: &writer, form: .full) } }, before, "the items are as they were")
        XCTAssertEqual(shared.withUnsafeBufferPointer(\.baseAddress), Self.items.withUnsafeBufferPointer(\.baseAddress),
                       "the array's storage is still shared: nothing wrote to it")
    }
}

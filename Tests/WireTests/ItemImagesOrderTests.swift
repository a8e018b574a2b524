import JSON
import Model
import Wire
import XCTest

/// An item's renditions are written sorted by name whatever the dictionary's order: in the form's
/// order worked out once (known names), or sorted per item when one has a name no provider
/// gives (an item read back from a store), and only the ones the form chooses.
final class ItemImagesOrderTests: XCTestCase {
    private static func rendition(_ width: Int) -> Rendition { Rendition(url: "https://m/\(width).gif", width: width, height: 1) }

    private static let item = Item(id: "i", provider: .giphy, url: "https://u", images: [
        "still": rendition(1), "original": rendition(2), "fixed_width": rendition(3), "preview": rendition(4),
        "downsized": rendition(5), "fixed_height": rendition(6), "original_still": rendition(7),
    ])

    private func imageNames(_ item: Item, _ form: ItemForm) throws -> [String] {
        var writer = JSONWriter()
        writer.object { writer in item.writeMembers(to: &writer, form: form) }
        let text = String(decoding: writer.bytes, as: UTF8.self)
        guard let images = text.range(of: #""images":{"#) else { return [] }
        // The names are the keys whose value is an object: `"name":{`.
        let rest = text[images.upperBound...]
        return rest.components(separatedBy: #"":{"#).dropLast().compactMap { $0.components(separatedBy: "\"").last }
    }

    func testKnownNamesAreWrittenSortedAndOnlyTheChosenOnes() throws {
        XCTAssertEqual(try imageNames(Self.item, .full),
                       ["downsized", "fixed_height", "fixed_width", "original", "original_still", "preview", "still"])
        XCTAssertEqual(try imageNames(Self.item, .compact), ["fixed_width", "original", "still"])
        // A selection made in code out of order is written in order all the same.
        XCTAssertEqual(try imageNames(Self.item, ItemForm(isCompact: true, renditions: .named(["still", "preview", "downsized"]))),
                       ["downsized", "preview", "still"])
        XCTAssertEqual(try imageNames(Self.item, ItemForm(isCompact: true, renditions: .named(["thumb"]))), [])
    }

    func testAnUnknownNameIsSortedInItsPlaceWhenAllAreWritten() throws {
        var odd = Self.item
        odd.images["zz_later"] = Self.rendition(8)
        odd.images["a_first"] = Self.rendition(9)
        odd.images["g_middle"] = Self.rendition(10)
        XCTAssertEqual(try imageNames(odd, .stored),
                       ["a_first", "downsized", "fixed_height", "fixed_width", "g_middle", "original", "original_still", "preview", "still", "zz_later"])
        XCTAssertEqual(try imageNames(odd, .compact), ["fixed_width", "original", "still"], "a list's form names its renditions")
    }
}

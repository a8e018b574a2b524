import JSON
import Foundation
import Model
import Wire
import XCTest

/// An item's renditions are written sorted by name whatever the order they were set in: the ones
/// the form chooses, and every one, a name no provider gives included (an item read back from a
/// store), when it writes them all.
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

    /// A stored `images` object in any order (and a name twice, the last kept, as the dictionary
    /// kept it) reads back to the same renditions, written again sorted, byte for byte.
    func testStoredRenditionsReadBackInAnyOrderAndAreWrittenSorted() throws {
        let stored = #"{"id":"i","images":{"still":{"height":1,"url":"https://m/1.gif","width":1},"#
            + #""a_first":{"height":1,"url":"https://m/9.gif","width":9},"#
            + #""original":{"height":1,"url":"https://m/0.gif","width":1},"#
            + #""original":{"height":1,"url":"https://m/2.gif","width":2}},"provider":"giphy","url":"https://u"}"#
        let item = try Item(jsonBytes: Data(stored.utf8))
        XCTAssertEqual(item.images, ["original": Self.rendition(2), "still": Self.rendition(1), "a_first": Self.rendition(9)])
        XCTAssertEqual(String(decoding: item.jsonBytes(), as: UTF8.self),
                       #"{"id":"i","images":{"a_first":{"height":1,"url":"https://m/9.gif","width":9},"#
                       + #""original":{"height":1,"url":"https://m/2.gif","width":2},"still":{"height":1,"url":"https://m/1.gif","width":1}},"#
                       + #""provider":"giphy","share_text":"GIF https://u","url":"https://u"}"#)
        XCTAssertEqual(try Item(jsonBytes: Data(item.jsonBytes())), item)
    }
}

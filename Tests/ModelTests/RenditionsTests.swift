import Model
import XCTest

/// `Renditions`, an item's renditions by name: kept sorted by name whatever order they were set
/// in, each name once, so that equality and the writer's order are a dictionary's and sorted names'.
final class RenditionsTests: XCTestCase {
    private func rendition(_ width: Int) -> Rendition { Rendition(url: "https://m/\(width).gif", width: width, height: 1) }

    func testNamesAreKeptSortedWhateverTheOrderSet() {
        var images = Renditions()
        for (width, name) in ["still", "original", "fixed_width", "preview", "a", "zz", "original_still"].enumerated() {
            images[name] = rendition(width)
        }
        XCTAssertEqual(Array(images.names), ["a", "fixed_width", "original", "original_still", "preview", "still", "zz"])
        XCTAssertEqual(images.map(\.name), Array(images.names))
        XCTAssertEqual(images.values.map(\.width), [4, 2, 1, 6, 3, 0, 5])
        var written: [String] = []
        images.forEachInPlace { name, _ in written.append(name) }
        XCTAssertEqual(written, Array(images.names))
        XCTAssertEqual(images.count, 7)
    }

    func testLookupReplaceAndRemoveByName() {
        var images: Renditions = ["original": rendition(1), "still": rendition(2)]
        XCTAssertEqual(images["original"], rendition(1))
        XCTAssertEqual(images["still"], rendition(2))
        XCTAssertNil(images["preview"])
        XCTAssertNil(images["origina"], "a name's prefix is another name")
        images["original"] = rendition(3)
        XCTAssertEqual(images["original"], rendition(3), "set again, replaced")
        XCTAssertEqual(images.count, 2)
        images["original"] = nil
        XCTAssertNil(images["original"])
        XCTAssertEqual(Array(images.names), ["still"])
        images["none"] = nil
        XCTAssertEqual(images.count, 1)
        images["still"] = nil
        XCTAssertTrue(images.isEmpty)
        XCTAssertEqual(images, [:])
    }

    func testEqualityIsByNameWhateverTheOrderSet() {
        let one: Renditions = ["a": rendition(1), "b": rendition(2), "c": rendition(3)]
        let other: Renditions = ["c": rendition(3), "a": rendition(1), "b": rendition(2)]
        XCTAssertEqual(one, other)
        XCTAssertNotEqual(one, ["a": rendition(1), "b": rendition(2)])
        XCTAssertNotEqual(one, ["a": rendition(1), "b": rendition(2), "c": rendition(4)])
        XCTAssertNotEqual(one, ["a": rendition(1), "b": rendition(2), "d": rendition(3)])
        XCTAssertEqual(["a": rendition(1), "a": rendition(2)] as Renditions, ["a": rendition(2)], "the last of a name given twice")
    }

    func testMapValuesKeepsTheNames() {
        let images: Renditions = ["b": rendition(2), "a": rendition(1)]
        let mapped = images.mapValues { Rendition(url: "", width: $0.width * 10, height: $0.height) }
        XCTAssertEqual(Array(mapped.names), ["a", "b"])
        XCTAssertEqual(mapped["b"]?.width, 20)
        XCTAssertTrue(mapped.hasName { $0 == "a" })
        XCTAssertFalse(mapped.hasName { $0 == "c" })
    }
}

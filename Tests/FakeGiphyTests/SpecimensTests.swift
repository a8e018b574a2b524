import FakeGiphy
import GiphyCatalog
import XCTest

/// The catalog's specimens, the GIFs with GIPHY's odd corners the fake's tests ask for by name.
final class SpecimensTests: XCTestCase {
    private let catalog = GIFCatalog.standard

    func testSpecimensExistAndAreWhatTheySay() throws {
        let specimens = catalog.specimens
        let empty = try XCTUnwrap(catalog.gif(id: specimens.emptyURLRendition))
        XCTAssertEqual(empty.rendition("fixed_width_still")?.url, "")
        XCTAssertEqual(catalog.gifs.filter { gif in gif.renditions.contains { $0.url == "" } }.count, 1,
                       "exactly one rendition has an empty url")
        XCTAssertNil(try XCTUnwrap(catalog.gif(id: specimens.missingFixedWidthSmall)).rendition("fixed_width_small"))
        XCTAssertEqual(try XCTUnwrap(catalog.gif(id: specimens.onlyOriginals)).renditions.map(\.name), ["original", "original_still"])
        XCTAssertNil(try XCTUnwrap(catalog.gif(id: specimens.withoutUser)).user)
        XCTAssertEqual(try XCTUnwrap(catalog.gif(id: specimens.zeroDate)).importDatetime, "0000-00-00 00:00:00")
        XCTAssertEqual(try XCTUnwrap(catalog.gif(id: specimens.epochDate)).importDatetime, "1970-01-01 00:00:00")
        XCTAssertGreaterThan(catalog.gifs.filter { $0.rendition("downsized") == nil }.count, 10)
    }
}

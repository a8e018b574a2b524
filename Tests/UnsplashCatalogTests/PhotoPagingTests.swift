import DemoCatalog
import UnsplashCatalog
import XCTest

/// `page` and `per_page` as Unsplash reads them: refused below 1, `per_page` brought down to 30,
/// nothing past the end, and no search page past 200.
final class PhotoPagingTests: XCTestCase {
    private let list = Array(0..<95)

    func testBelowOneIsRefusedAndAPageSizePast30IsBroughtDown() {
        XCTAssertNil(PhotoPaging(page: 0, perPage: 10))
        XCTAssertNil(PhotoPaging(page: 1, perPage: 0))
        XCTAssertEqual(PhotoPaging(page: 1, perPage: 31)?.perPage, 30)
        XCTAssertEqual(PhotoPaging(page: 3, perPage: 12)?.perPage, 12)
    }

    func testAPageIsItsSliceAndEmptyPastTheEnd() throws {
        XCTAssertEqual(try XCTUnwrap(PhotoPaging(page: 1, perPage: 10)).slice(of: list), Array(0..<10))
        XCTAssertEqual(try XCTUnwrap(PhotoPaging(page: 4, perPage: 30)).slice(of: list), Array(90..<95))
        XCTAssertEqual(try XCTUnwrap(PhotoPaging(page: 5, perPage: 30)).slice(of: list), [])
        XCTAssertEqual(try XCTUnwrap(PhotoPaging(page: Int.max, perPage: 30)).slice(of: list), [], "past Int's range is past the end")
    }

    func testNoSearchPagePast200() throws {
        let long = Array(0..<7_000)
        XCTAssertEqual(try XCTUnwrap(PhotoPaging(page: 200, perPage: 30)).searchSlice(of: long), Array(5_970..<6_000))
        XCTAssertEqual(try XCTUnwrap(PhotoPaging(page: 201, perPage: 30)).searchSlice(of: long), [])
        XCTAssertEqual(try XCTUnwrap(PhotoPaging(page: 201, perPage: 30)).slice(of: long), Array(6_000..<6_030), "other lists go on")
    }
}

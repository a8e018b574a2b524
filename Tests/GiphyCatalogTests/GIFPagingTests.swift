import GiphyCatalog
import XCTest

/// `limit`, `offset` and `rating` as GIPHY reads them: a limit brought into range, a negative
/// offset or an unknown rating refused with the parameter's name, nothing from offset 5000 on.
final class GIFPagingTests: XCTestCase {
    private let gifs = Array(GIFCatalog.standard.gifs.prefix(120))

    func testALimitIsBroughtIntoRangeAndAnOffsetDefaultsToZero() throws {
        XCTAssertEqual(try GIFPaging(limit: nil, offset: nil, rating: nil).limit, 25)
        XCTAssertEqual(try GIFPaging(limit: 0, offset: nil, rating: nil).limit, 25)
        XCTAssertEqual(try GIFPaging(limit: -3, offset: nil, rating: nil).limit, 25)
        XCTAssertEqual(try GIFPaging(limit: 7, offset: nil, rating: nil).limit, 7)
        XCTAssertEqual(try GIFPaging(limit: 51, offset: nil, rating: nil).limit, 50)
        XCTAssertEqual(try GIFPaging(limit: nil, offset: nil, rating: nil).offset, 0)
    }

    func testANegativeOffsetAndAnUnknownRatingAreRefusedByName() {
        XCTAssertThrowsError(try GIFPaging(limit: nil, offset: -1, rating: nil)) { error in
            XCTAssertEqual(error as? GIFRefusal, .badParameter("offset"))
            XCTAssertEqual((error as? GIFRefusal)?.status, 400)
        }
        XCTAssertThrowsError(try GIFPaging(limit: nil, offset: nil, rating: "nc-17")) { error in
            XCTAssertEqual(error as? GIFRefusal, .badParameter("rating"))
        }
        XCTAssertEqual(GIFRefusal.queryTooLong.status, 414)
    }

    func testAPageIsTheSliceAtItsOffsetAndEmptyPastTheEndOrTheCeiling() throws {
        XCTAssertEqual(try GIFPaging(limit: 10, offset: 5, rating: nil).page(of: gifs), Array(gifs[5..<15]))
        XCTAssertEqual(try GIFPaging(limit: 50, offset: 100, rating: nil).page(of: gifs), Array(gifs[100..<120]))
        XCTAssertEqual(try GIFPaging(limit: 10, offset: 120, rating: nil).page(of: gifs), [])
        let long = Array(repeating: gifs, count: 50).flatMap { $0 }
        XCTAssertEqual(try GIFPaging(limit: 10, offset: 4999, rating: nil).page(of: long).count, 10)
        XCTAssertEqual(try GIFPaging(limit: 10, offset: 5000, rating: nil).page(of: long), [])
    }
}

import Gateway
import Model
import JSON
import Foundation
@testable import Service
import TestSupport
import XCTest

/// Issue 31.1: an upstream's numbers are believed only within `UpstreamNumber`'s ranges, whoever
/// makes the page, and a stored number past them does not read back.
final class UpstreamCountsTests: XCTestCase {
    private let items = (0..<5).map { makeItem("n\($0)") }

    func testAPageBelievesTotalsCountsAndOffsetsOnlyWithinInt32() {
        for unbelievable in [Int.min, -1, Int.max, Int(Int32.max) + 1] {
            let page = UpstreamPage(items: items, totalCount: unbelievable, count: unbelievable, offset: unbelievable)
            XCTAssertNil(page.totalCount, "\(unbelievable)")
            XCTAssertEqual(page.count, 5, "the items' own count instead of \(unbelievable)")
            XCTAssertEqual(page.offset, 0)
        }
        for believable in [0, 25, 437, Int(Int32.max)] {
            let page = UpstreamPage(items: items, totalCount: believable, count: believable, offset: believable)
            XCTAssertEqual(page.totalCount, believable)
            XCTAssertEqual(page.count, believable)
            XCTAssertEqual(page.offset, believable)
        }
    }

    func testTheLargestBelievablePageIsPagedAtTheLastOffset() throws {
        let page = UpstreamPage(items: items, totalCount: Int(Int32.max), count: Int(Int32.max), offset: 4999)
        let answer = PageAnswer(Fetched(page, status: .miss, age: 0), request: try XCTUnwrap(PageRequest(offset: 4999, limit: 50)),
                                favorites: .none, lastOffset: 4999, provider: .giphy).page()
        XCTAssertEqual(answer.pagination.offset, 4999)
        XCTAssertNil(answer.pagination.nextOffset, "past the last offset served")
        XCTAssertEqual(answer.pagination.totalCount, Int(Int32.max))
    }

    func testACachedPageWithANumberPastBeliefDoesNotReadBack() throws {
        let good = #"{"count":5,"gifs":[],"offset":0,"totalCount":40}"#
        XCTAssertEqual(try UpstreamPage(jsonBytes: Data(good.utf8)).totalCount, 40)
        for poisoned in [#"{"count":9223372036854775807,"gifs":[],"offset":0}"#,
                         #"{"count":5,"gifs":[],"offset":0,"totalCount":-9223372036854775808}"#,
                         #"{"count":5,"gifs":[],"offset":-1}"#] {
            XCTAssertThrowsError(try UpstreamPage(jsonBytes: Data(poisoned.utf8)), poisoned)
        }
    }

    func testAStoredItemWithSizesPastBeliefDoesNotReadBack() throws {
        let item = #"{"id":"a","provider":"giphy","url":"https://giphy.com/gifs/a","images":{"original":{"url":"https://x/a.gif","width":WIDTH,"height":270}}}"#
        XCTAssertEqual(try Item(jsonBytes: Data(item.replacingOccurrences(of: "WIDTH", with: "480").utf8))
            .images["original"]?.width, 480)
        for width in ["0", "-3", "4294967296", "9223372036854775807"] {
            XCTAssertThrowsError(try Item(jsonBytes: Data(item.replacingOccurrences(of: "WIDTH", with: width).utf8)), width)
        }
        let photo = #"{"id":"unsplash:b","provider":"unsplash","url":"https://unsplash.com/photos/b","likes":LIKES}"#
        XCTAssertEqual(try Item(jsonBytes: Data(photo.replacingOccurrences(of: "LIKES", with: "70").utf8)).likes, 70)
        XCTAssertThrowsError(try Item(jsonBytes: Data(photo.replacingOccurrences(of: "LIKES", with: "9223372036854775807").utf8)))
    }

    /// A deck draws from at most the pages the upstream serves, whatever total it claims: 100 pages
    /// of 50 below offset 4999, never an array of every page of a pool of 10^9 (150 MB a deck).
    func testADeckDrawsFromThePagesServedWhateverTheTotal() {
        XCTAssertEqual(DeckDraw.pages(ofPool: 1_000_000_000, pageSize: 50, lastOffset: 4999), 100)
        XCTAssertEqual(DeckDraw.pages(ofPool: Int(Int32.max), pageSize: 50, lastOffset: 4999), 100)
        XCTAssertEqual(DeckDraw.pages(ofPool: Int.max, pageSize: 50, lastOffset: 4999), 100)
        XCTAssertEqual(DeckDraw.pages(ofPool: Int.min, pageSize: 50, lastOffset: 4999), 1)
        XCTAssertEqual(DeckDraw.pages(ofPool: 190, pageSize: 50, lastOffset: 4999), 3, "whole pages only")
        XCTAssertEqual(DeckDraw.pages(ofPool: 30, pageSize: 50, lastOffset: 4999), 1)
        XCTAssertEqual(DeckDraw.pages(ofPool: 1000, pageSize: 50, lastOffset: 499), 10, "trending's last offset")
    }
}

import Gateway
import Model
@testable import Service
import TestSupport
import XCTest

/// Which answers name their content, so that the page written from them is kept and reused
/// (issue 34 item 3): a hit's and a miss's (the requests that shared its upstream call are written
/// once); never a stale one's, nor one without a name.
final class PageAnswerKeyTests: XCTestCase {
    private let page = UpstreamPage(items: [makeItem("a")], totalCount: 1, count: 1, offset: 0)

    private func key(_ status: CacheStatus, answerID: UInt64?) throws -> PageAnswer.ContentKey? {
        PageAnswer(Fetched(page, status: status, age: 0, answerID: answerID), request: try XCTUnwrap(PageRequest(offset: 0, limit: 10)),
                   favorites: .none, lastOffset: 4999).contentKey
    }

    func testAMissIsKeyedAsAHitIs() throws {
        XCTAssertEqual(try key(.miss, answerID: 7), try key(.hit, answerID: 7))
        XCTAssertNotNil(try key(.miss, answerID: 7))
    }

    func testAStaleOrUnnamedAnswerHasNoKey() throws {
        XCTAssertNil(try key(.stale, answerID: 7))
        XCTAssertNil(try key(.miss, answerID: nil))
    }
}

import Gateway
import Model
@testable import Service
import TestSupport
import XCTest

/// Which answers name their content, so that the page written from them is kept and reused
/// (issue 34 item 3): a hit's, and a miss's whose upstream call other requests joined (the page is
/// written once for all of them); never a lone miss's (a search made once would push out what
/// hits reuse), a stale one's, nor one without a name.
final class PageAnswerKeyTests: XCTestCase {
    private let page = UpstreamPage(items: [makeItem("a")], totalCount: 1, count: 1, offset: 0)

    private func key(_ status: CacheStatus, answerID: UInt64?, sharedCall: Bool = false) throws -> PageAnswer.ContentKey? {
        var fetched = Fetched(page, status: status, age: 0, answerID: answerID)
        fetched.sharedCall = sharedCall
        return PageAnswer(fetched, request: try XCTUnwrap(PageRequest(offset: 0, limit: 10)), favorites: .none, lastOffset: 4999, provider: .giphy).contentKey
    }

    func testAMissOthersSharedIsKeyedAsAHitIs() throws {
        XCTAssertNotNil(try key(.miss, answerID: 7, sharedCall: true))
        XCTAssertEqual(try key(.miss, answerID: 7, sharedCall: true), try key(.hit, answerID: 7))
    }

    func testALoneMissAStaleOrAnUnnamedAnswerHasNoKey() throws {
        XCTAssertNil(try key(.miss, answerID: 7))
        XCTAssertNil(try key(.stale, answerID: 7, sharedCall: true))
        XCTAssertNil(try key(.miss, answerID: nil, sharedCall: true))
    }
}

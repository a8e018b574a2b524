@testable import Gateway
import Primitives
import Foundation
import Model
import Synchronization
import TestSupport
import XCTest

/// What names an answer (`Fetched.answerID`), by which what is written from it is kept and
/// reused (issue 34 item 3): the requests that shared one upstream call share one name and know
/// they shared it (`sharedCall`), so the page is written once for all of them; a lone miss knows
/// it was alone; a hit has the name of the miss that stored it.
final class AnswerIDTests: XCTestCase {
    private let request = SearchRequest(query: "cats", offset: 0, limit: 10)

    func testRequestsThatShareOneCallShareOneAnswerIDWithTheCacheOff() async throws {
        let provider = UpstreamGatewayTests.SlowProvider()
        var settings = GatewaySettings()
        settings.cacheEnabled = false
        let gateway = UpstreamGateway(provider: provider, store: nil, settings: settings)
        let answers = try await withThrowingTaskGroup(of: Fetched<UpstreamPage>.self) { [request] group in
            for _ in 0..<20 { group.addTask { try await gateway.search(request).value() } }
            return try await group.reduce(into: [Fetched<UpstreamPage>]()) { $0.append($1) }
        }
        XCTAssertEqual(provider.calls.withLock { $0 }, 1, "the requests overlapped and shared one call")
        XCTAssertEqual(Set(answers.map(\.status)), [.miss])
        XCTAssertEqual(Set(answers.map(\.sharedCall)), [true], "each of them knows the call answered others too")
        let ids = Set(answers.map(\.answerID))
        XCTAssertEqual(ids.count, 1, "one call, one name: \(ids)")
        let shared = try XCTUnwrap(ids.first ?? nil, "a miss is named too")

        let later = try await gateway.search(request).value()
        XCTAssertEqual(later.status, .miss)
        XCTAssertNotNil(later.answerID)
        XCTAssertNotEqual(later.answerID, shared, "a new call's answer is a new answer")
        XCTAssertFalse(later.sharedCall, "nobody joined this one")
    }

    func testAHitHasTheNameOfTheMissThatStoredIt() async throws {
        let gateway = UpstreamGateway(provider: ScriptedProvider(), store: nil)
        let miss = try await gateway.search(request).value()
        XCTAssertEqual(miss.status, .miss)
        let named = try XCTUnwrap(miss.answerID, "a miss is named as the entry it is kept as")
        XCTAssertFalse(miss.sharedCall)
        let hit = try await gateway.search(request).value()
        XCTAssertEqual(hit.status, .hit)
        XCTAssertEqual(hit.answerID, named)
    }
}

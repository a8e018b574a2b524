@testable import FakeGiphy
import FakeUpstream
import Foundation
import XCTest

/// What keeps the fake safe to run for days (`fake-giphy`).
final class DemoBoundsTests: XCTestCase {
    func testCountsPerPathStayBoundedWhileTheTotalStaysRight() {
        let log = CallLog()
        for index in 0..<(CallLog.distinctPathLimit + 500) {
            log.record(RecordedCall(path: "/v1/gifs/id\(index)", parameters: []))
        }
        log.record(RecordedCall(path: "/v1/gifs/id0", parameters: []))
        XCTAssertLessThanOrEqual(log.countsByPath.count, CallLog.distinctPathLimit + 1)
        XCTAssertEqual(log.count(path: nil), CallLog.distinctPathLimit + 501)
        XCTAssertEqual(log.count(path: "/v1/gifs/id0"), 2, "a path counted before the limit keeps its own count")
        XCTAssertEqual(log.recent.count, CallLog.recentLimit)
    }

    func testWithoutAdminRoutesNoFaultCanBeSwitchedOn() async throws {
        let harness = try FakeHarness(adminRoutes: false)
        let answer = try await harness.admin("POST", "/__fault", body: #"{"fault":"server_error","sticky":true}"#)
        XCTAssertEqual(answer.status, 404)
        let trending = try await harness.get("/gifs/trending")
        XCTAssertEqual(trending.status, 200)
        await harness.stop()
    }
}

import FakeUpstream
import XCTest

/// What keeps a fake safe to run for days (`fake-giphy`, `fake-unsplash`): its call log is bounded.
final class CallLogTests: XCTestCase {
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
}

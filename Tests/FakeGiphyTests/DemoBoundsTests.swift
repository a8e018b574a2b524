@testable import FakeGiphy
import Foundation
import XCTest

/// What keeps the fake safe to run for days (`fake-giphy`).
final class DemoBoundsTests: XCTestCase {
    func testWithoutAdminRoutesNoFaultCanBeSwitchedOn() async throws {
        let harness = try FakeHarness(adminRoutes: false)
        let answer = try await harness.admin("POST", "/__fault", body: #"{"fault":"server_error","sticky":true}"#)
        XCTAssertEqual(answer.status, 404)
        let trending = try await harness.get("/gifs/trending")
        XCTAssertEqual(trending.status, 200)
        await harness.stop()
    }
}

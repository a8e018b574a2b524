@testable import FakeUnsplash
import FakeUpstream
import Foundation
import XCTest

/// Control of the fake from outside (admin routes) and the hourly window's refill.
final class FakeUnsplashControlTests: XCTestCase {
    func testAdminRoutesArmUnsplashFaultsAndCountCalls() async throws {
        let harness = try startFake()
        let armed = try await harness.admin("POST", "/__fault", body: #"{"fault":"status","status":500,"errors":["boom"],"path":"/photos"}"#)
        XCTAssertEqual(armed, 204)
        let faulted = try await harness.get("/photos")
        XCTAssertEqual(faulted.status, 500)
        XCTAssertEqual(faulted.object?["errors"] as? [String], ["boom"])
        let unknown = try await harness.admin("POST", "/__fault", body: #"{"fault":"synthetic"}"#)
        XCTAssertEqual(unknown, 400, "GIPHY's faults are not Unsplash's")
        _ = try await harness.admin("POST", "/__fault", body: #"{"fault":"rate_limited","sticky":true}"#)
        for _ in 0..<2 {
            let limited = try await harness.get("/photos/random")
            XCTAssertEqual(limited.text, "Rate Limit Exceeded")
        }
        let cleared = try await harness.admin("DELETE", "/__fault")
        XCTAssertEqual(cleared, 204)
        let normal = try await harness.get("/photos/random")
        XCTAssertEqual(normal.status, 200)
        XCTAssertEqual(harness.fake.callCount(), 4)
        let reset = try await harness.admin("DELETE", "/__calls")
        XCTAssertEqual(reset, 204)
        XCTAssertEqual(harness.fake.callCount(), 0)
    }

    func testAdminBodiesAreReadStrictly() async throws {
        let harness = try startFake()
        // The errors were replaced by a default before; the others were refused already.
        for body in [#"{"fault":"status","status":500,"errors":["boom",1]}"#, #"{"fault":"status","status":500,"errors":"boom"}"#,
                     #"{"fault":"status","status":"500"}"#, #"{"fault":"status","status":700}"#, #"{"fault":"status"}"#,
                     #"{"fault":"rate_limited","times":true}"#, "[]", "not json"] {
            let status = try await harness.admin("POST", "/__fault", body: body)
            XCTAssertEqual(status, 400, body)
        }
        let answer = try await harness.get("/photos")
        XCTAssertEqual(answer.status, 200, "nothing was armed")
    }

    func testTheHourlyWindowRefillsAnHourAfterItsFirstCall() {
        let window = RateLimitWindow(limit: 2)
        let start = ContinuousClock.now
        XCTAssertEqual(window.take(now: start), 1)
        XCTAssertEqual(window.take(now: start + .seconds(10)), 0)
        XCTAssertNil(window.take(now: start + .seconds(3599)))
        XCTAssertEqual(window.take(now: start + .seconds(3600)), 1, "a new window")
    }
}

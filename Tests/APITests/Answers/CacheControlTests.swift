import Gateway
@testable import API
import Service
import XCTest

/// The freshness lifetime told to clients (issue 35.1): the server's window, lowered to Age + the
/// limit for answers with favorite marks; never at or below Age (stale on arrival); `no-cache`
/// when stale or when no whole second is left.
final class CacheControlTests: XCTestCase {
    func testTheLifetimeAgreesWithAgeAndTheWindow() {
        let table: [(CacheStatus, Int, Double, Int?, String)] = [
            (.miss, 0, 60, 30, "max-age=30"),
            (.miss, 0, 10, 30, "max-age=10"),
            (.miss, 0, 0, 30, "no-cache"),
            (.miss, 0, 0.5, 30, "no-cache"),
            (.miss, 0, 60, nil, "max-age=60"),
            (.hit, 0, 60, 30, "max-age=30"),
            (.hit, 20, 60, 30, "max-age=50"),
            (.hit, 31, 60, 30, "max-age=60"),
            (.hit, 59, 60, 30, "max-age=60"),
            (.hit, 59, 60, nil, "max-age=60"),
            (.hit, 60, 60.5, 30, "no-cache"),
            (.hit, 0, 86_400, nil, "max-age=86400"),
            (.hit, Int.max, 86_400, 30, "no-cache"),
            (.hit, 5, .infinity, 30, "no-cache"),
            (.hit, 5, .nan, 30, "no-cache"),
            (.stale, 3, 60, 30, "no-cache"),
            (.stale, 3, 60, nil, "no-cache"),
        ]
        for (status, age, fresh, limit, expected) in table {
            XCTAssertEqual(CacheHeaders.cacheControl(status, age: age, freshFor: fresh, keptAtMost: limit), expected,
                           "\(status) Age \(age), fresh \(fresh), limit \(limit.map(String.init) ?? "none")")
        }
    }
}

@testable import API
import Primitives
import TestSupport
import Foundation
import HTTPServer
import XCTest

/// Request figures kept per thread: what several threads record is all counted once, merged by
/// route and status, and each request's time lands in its bucket.
final class RequestMetricsTests: XCTestCase {
    func testWhatManyThreadsRecordIsAllCounted() {
        let metrics = RequestMetrics()
        let threads = 6, each = 500
        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            // Threads of their own, all alive at once, so they write to different stripes.
            Thread {
                for request in 0..<each {
                    metrics.record(route: "/search", status: request % 5 == 0 ? 304 : 200, since: RequestMetrics.now())
                    if thread == 0 { metrics.record(route: "/gif/{id}", status: 404, since: RequestMetrics.now()) }
                }
                done.leave()
            }.start()
        }
        done.wait()
        let requests = metrics.requests
        XCTAssertEqual(requests[.init(route: "/search", status: 200)], threads * each * 4 / 5)
        XCTAssertEqual(requests[.init(route: "/search", status: 304)], threads * each / 5)
        XCTAssertEqual(requests[.init(route: "/gif/{id}", status: 404)], each)
        XCTAssertEqual(requests.count, 3)
        let durations = metrics.durations
        XCTAssertEqual(durations["/search"]?.count, threads * each)
        XCTAssertEqual(durations["/search"]?.counts.reduce(0, +), threads * each, "every time is at most 10 s: in a bucket")
        XCTAssertEqual(durations["/gif/{id}"]?.count, each)
    }

    func testATimeLandsInTheFirstBucketThatHoldsIt() {
        let metrics = RequestMetrics()
        // Started 3 ms ago: above the 2.5 ms bound, within 5 ms unless this thread stalls 2 ms.
        metrics.record(route: "/trending", status: 200, since: RequestMetrics.now() - 3_000_000)
        metrics.record(route: "/trending", status: 200, since: RequestMetrics.now() - 20_000_000_000)
        let histogram = try? XCTUnwrap(metrics.durations["/trending"])
        XCTAssertEqual(histogram?.count, 2)
        XCTAssertEqual(histogram?.counts[RequestMetrics.buckets.firstIndex(of: 0.0025)!], 0)
        XCTAssertEqual(histogram?.counts.reduce(0, +), 1, "20 s is past every bound: counted, in no bucket")
        XCTAssertGreaterThan(histogram?.sum ?? 0, 20.003)
    }

    /// An answer's time counts from when the connection had read its request, not from when the
    /// responder began.
    func testAnAnswerIsTimedFromWhenItsRequestWasRead() throws {
        var builder = RouterBuilder()
        builder.immediate(.get, "/now") { _ in .json("{}") }
        let metrics = RequestMetrics()
        let responder = APIResponder(router: builder.build(), metrics: metrics, origins: .loopback, hosts: .loopback)
        var request = HTTPRequest(method: .get, target: "/now", path: "/now", pathSegments: ["now"])
        request.receivedAt = UInt64(RequestMetrics.now() - 20_000_000_000)
        XCTAssertNotNil(try responder.answer(&request).readyValue)
        XCTAssertGreaterThan(metrics.durations["/now"]?.sum ?? 0, 20)
        var unread = HTTPRequest(method: .get, target: "/now", path: "/now", pathSegments: ["now"])
        XCTAssertNotNil(try responder.answer(&unread).readyValue)
        XCTAssertLessThan(metrics.durations["/now"]?.sum ?? 0, 30, "no reading: timed from now")
    }
}

import Foundation
import Synchronization

/// Requests by route and status, and a request-duration histogram per route.
package final class RequestMetrics: Sendable {
    /// Upper bounds of the duration buckets, in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct Histogram {
        var counts = [Int](repeating: 0, count: RequestMetrics.buckets.count)
        var sum: Double = 0
        var count = 0

        mutating func add(_ seconds: Double, bucket: Int?) {
            if let bucket { counts[bucket] += 1 }
            sum += seconds
            count += 1
        }
    }

    struct RouteStatus: Hashable {
        let route: String
        let status: Int
    }

    private struct State {
        var requests: [RouteStatus: Int] = [:]
        var durations: [String: Histogram] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// One answer, timed from `start`.
    func record(route: String, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        record(route: route, status: status, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    private func record(route: String, status: Int, seconds: Double) {
        let bucket = Self.buckets.firstIndex { seconds <= $0 }
        state.withLock { state in
            state.requests[RouteStatus(route: route, status: status), default: 0] += 1
            // In place: a copy taken out and put back would copy its counts on every request.
            state.durations[route, default: Histogram()].add(seconds, bucket: bucket)
        }
    }

    var requests: [RouteStatus: Int] { state.withLock { $0.requests } }
    var durations: [String: Histogram] { state.withLock { $0.durations } }
}

import Glibc
import Primitives

/// Requests by route and status, and a request-duration histogram per route. Kept per thread
/// (`StripedMutex`): both event loops add to it on every answer.
package final class RequestMetrics: Sendable {
    /// Upper bounds of the duration buckets, in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    /// The same bounds in nanoseconds, what a request's time is measured in.
    private static let bucketNanoseconds: [Int] = buckets.map { Int(($0 * 1e9).rounded()) }

    struct Histogram {
        var counts = [Int](repeating: 0, count: RequestMetrics.buckets.count)
        var sum: Double = 0
        var count = 0

        mutating func add(_ seconds: Double, bucket: Int?) {
            if let bucket { counts[bucket] += 1 }
            sum += seconds
            count += 1
        }

        mutating func add(_ other: Histogram) {
            for index in counts.indices { counts[index] += other.counts[index] }
            sum += other.sum
            count += other.count
        }
    }

    struct RouteStatus: Hashable {
        let route: String
        let status: Int
    }

    /// One route's figures: its statuses in a short list (a route answers with a few), found
    /// with the route's one lookup.
    private struct RouteFigures {
        var statuses: [(status: Int, count: Int)] = []
        var histogram = Histogram()

        mutating func add(status: Int, seconds: Double, bucket: Int?) {
            if let index = statuses.firstIndex(where: { $0.status == status }) {
                statuses[index].count += 1
            } else {
                statuses.append((status, 1))
            }
            histogram.add(seconds, bucket: bucket)
        }
    }

    private let stripes = StripedMutex<[String: RouteFigures]> { [:] }

    package init() {}

    /// Now, in nanoseconds, for `record(route:status:since:)`: the monotonic clock read as one
    /// integer (a `ContinuousClock` duration turned into seconds went through 128-bit arithmetic
    /// on every answer).
    static func now() -> Int {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return spec.tv_sec &* 1_000_000_000 &+ spec.tv_nsec
    }

    /// One answer, timed from `start` (`now()` when it began).
    func record(route: String, status: Int, since start: Int) {
        let nanoseconds = max(0, Self.now() &- start)
        let bucket = Self.bucketNanoseconds.firstIndex { nanoseconds <= $0 }
        let seconds = Double(nanoseconds) / 1e9
        stripes.withLock { routes in
            // In place: a copy taken out and put back would copy its counts on every request.
            routes[route, default: RouteFigures()].add(status: status, seconds: seconds, bucket: bucket)
        }
    }

    var requests: [RouteStatus: Int] {
        var merged: [RouteStatus: Int] = [:]
        for routes in stripes.values() {
            for (route, figures) in routes {
                for (status, count) in figures.statuses {
                    merged[RouteStatus(route: route, status: status), default: 0] += count
                }
            }
        }
        return merged
    }

    var durations: [String: Histogram] {
        var merged: [String: Histogram] = [:]
        for routes in stripes.values() {
            for (route, figures) in routes { merged[route, default: Histogram()].add(figures.histogram) }
        }
        return merged
    }
}

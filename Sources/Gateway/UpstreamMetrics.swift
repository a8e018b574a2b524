import Model
import Synchronization

/// Counters of what the gateway did: upstream calls by endpoint and outcome, cache results.
package final class UpstreamMetrics: Sendable {
    private struct State {
        var calls: [CallKey: Int] = [:]
        var heldOff: [String: Int] = [:]
        var shareSpent: [String: Int] = [:]
    }

    package struct CallKey: Hashable, Sendable {
        package let endpoint: String
        package let outcome: String
    }

    private let state = Mutex(State())
    /// Cache results are counted on every answer, a hit included, from both loops at once: a
    /// counter each, with no lock and no table (the lock and the table were 0.9% of a cached
    /// /search's CPU samples at 512 connections).
    private let hits = Atomic<Int>(0)
    private let misses = Atomic<Int>(0)
    private let stales = Atomic<Int>(0)
    /// Requests of a chain this provider could not answer, served (or tried) by the next.
    private let passedOver = Atomic<Int>(0)

    package init() {}

    func recordCall(endpoint: String, outcome: String) {
        state.withLock { $0.calls[CallKey(endpoint: endpoint, outcome: outcome), default: 0] += 1 }
    }

    /// A call not made: the upstream is held off after failing (`UpstreamHoldOff`).
    func recordHeldOff(endpoint: String) {
        state.withLock { $0.heldOff[endpoint, default: 0] += 1 }
    }

    /// A call not made: the client asking has caused its share of the hourly budget's calls.
    func recordShareSpent(endpoint: String) {
        state.withLock { $0.shareSpent[endpoint, default: 0] += 1 }
    }

    /// A chain passed this provider over for the next (`ProviderChain`).
    package func recordPassedOver() {
        passedOver.add(1, ordering: .relaxed)
    }

    func recordCache(_ status: CacheStatus) {
        switch status {
        case .hit: hits.add(1, ordering: .relaxed)
        case .miss: misses.add(1, ordering: .relaxed)
        case .stale: stales.add(1, ordering: .relaxed)
        }
    }

    package var upstreamCalls: [CallKey: Int] { state.withLock { $0.calls } }
    /// The results counted so far; a result never seen is left out.
    package var cacheResults: [CacheStatus: Int] {
        let counts: [(CacheStatus, Int)] = [(.hit, hits.load(ordering: .relaxed)), (.miss, misses.load(ordering: .relaxed)),
                                             (.stale, stales.load(ordering: .relaxed))]
        return Dictionary(uniqueKeysWithValues: counts.filter { $0.1 > 0 })
    }
    /// Requests a chain passed this provider over for.
    package var passedOverRequests: Int { passedOver.load(ordering: .relaxed) }
    /// Calls not made while the upstream was held off, by endpoint.
    package var heldOffCalls: [String: Int] { state.withLock { $0.heldOff } }
    /// Calls not made because the client's share was spent, by endpoint.
    package var shareSpentCalls: [String: Int] { state.withLock { $0.shareSpent } }

    /// The outcome label of an upstream call that failed.
    package static func outcome(of error: any Error) -> String {
        switch error as? UpstreamError {
        case .notFound: "not_found"
        case .rateLimited: "rate_limited"
        case .unauthorized: "auth"
        case .rejected: "rejected"
        case .serverError: "error"
        case .unavailable: "unavailable"
        case .timeout: "timeout"
        case .badResponse: "bad_response"
        case nil: "other"
        }
    }
}

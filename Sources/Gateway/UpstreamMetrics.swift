import Model
import Synchronization

/// Counters of what the gateway did: upstream calls by endpoint and outcome, cache results.
package final class UpstreamMetrics: Sendable {
    private struct State {
        var calls: [CallKey: Int] = [:]
        var cache: [CacheStatus: Int] = [:]
        var heldOff: [String: Int] = [:]
        var shareSpent: [String: Int] = [:]
    }

    package struct CallKey: Hashable, Sendable {
        package let endpoint: String
        package let outcome: String
    }

    private let state = Mutex(State())

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

    func recordCache(_ status: CacheStatus) {
        state.withLock { $0.cache[status, default: 0] += 1 }
    }

    package var upstreamCalls: [CallKey: Int] { state.withLock { $0.calls } }
    package var cacheResults: [CacheStatus: Int] { state.withLock { $0.cache } }
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

import Foundation
import Model

/// The budget and the hold-off around each upstream call: a call is made only when the upstream
/// is not held off after failing and the budget (and the payer's share) allows it, and its
/// outcome is counted.
extension UpstreamGateway {
    /// Makes one upstream call, unless the upstream is held off after failing or the budget does
    /// not allow it (keeping `reserve` calls for others), and counts its outcome.
    func spend<T>(endpoint: String, reserve: Int = 0, payer: CallPayer? = nil, call: @Sendable () async throws -> T) async throws -> T {
        let probe: Bool
        do {
            probe = try holdOff.permit(now: now())
        } catch {
            metrics.recordHeldOff(endpoint: endpoint)
            throw error
        }
        do {
            return try await budgetedCall(endpoint: endpoint, reserve: reserve, payer: payer, call: call)
        } catch let error as UpstreamError {
            holdOff.failed(error, probe: probe, now: now())
            throw error
        } catch {
            // No word from the upstream: the budget said no, or the caller was cancelled.
            if probe { holdOff.abandoned() }
            throw error
        }
    }

    private func budgetedCall<T>(endpoint: String, reserve: Int, payer: CallPayer?, call: @Sendable () async throws -> T) async throws -> T {
        if let budget, reserve > 0, budget.remaining(now: now()) <= reserve {
            throw BudgetExhausted(retryAfter: 60)
        }
        // The upstream's own count wins over ours: asking past it would only be refused.
        if let reported = reportedRemaining(at: now()), reported <= reserve {
            throw BudgetExhausted(retryAfter: 60)
        }
        do {
            try await budget?.take(now: now(), payer: payer)
        } catch let spent as UpstreamShareSpent {
            metrics.recordShareSpent(endpoint: endpoint)
            throw spent
        }
        do {
            let value = try await call()
            holdOff.answered()
            metrics.recordCall(endpoint: endpoint, outcome: "ok")
            return value
        } catch {
            metrics.recordCall(endpoint: endpoint, outcome: UpstreamMetrics.outcome(of: error))
            callFailed(endpoint, error)
            throw error
        }
    }
}

import Model
import Foundation
import Synchronization

/// At most `limit` upstream calls in any rolling hour. The call times are kept in the log too,
/// so a restart does not hand out a fresh hour.
final class CallBudget: Sendable {
    static let window: Double = 3600

    private struct State {
        var calls: [Date] = []
        var loaded = false
    }

    let limit: Int
    private let log: (any UpstreamCallLog)?
    private let bookkeeping: BookkeepingWrites
    private let state = Mutex(State())

    init(limit: Int, log: (any UpstreamCallLog)?, bookkeeping: BookkeepingWrites = BookkeepingWrites()) {
        self.limit = limit
        self.log = log
        self.bookkeeping = bookkeeping
    }

    /// Takes one call from the budget, or says in how many seconds one frees up.
    func take(now: Date) async -> Result<Void, BudgetExhausted> {
        if let log, log.isShared, let shared = await takeShared(from: log, now: now) { return shared }
        await loadIfNeeded(now: now)
        let outcome = state.withLock { state -> Result<Void, BudgetExhausted> in
            // Times in the future (the clock went back) count as now, so they cannot block for long.
            state.calls = state.calls.filter { now.timeIntervalSince($0) < Self.window }.map { min($0, now) }
            guard state.calls.count < limit else {
                let oldest = state.calls.min() ?? now
                let wait = Int((Self.window - now.timeIntervalSince(oldest)).rounded(.up))
                return .failure(BudgetExhausted(retryAfter: max(wait, 1)))
            }
            state.calls.append(now)
            return .success(())
        }
        if case .success = outcome, let log {
            // Written after the answer, as cached answers are: memory counts the call already, and
            // no request waits for a write (seconds on a slow disk). A crash before it is written
            // forgets the call, so a restart may allow one more in that hour.
            bookkeeping.later(.callLog) { try await log.record(at: now, forgetBefore: now.addingTimeInterval(-Self.window)) }
        }
        return outcome
    }

    /// The fleet's budget: the call is taken in the shared log, and counted in memory too (for
    /// `remaining`, and for when the log cannot be reached: then this process's share of the
    /// budget decides, and nil is returned).
    private func takeShared(from log: any UpstreamCallLog, now: Date) async -> Result<Void, BudgetExhausted>? {
        let since = now.addingTimeInterval(-Self.window)
        guard let taken = try? await log.take(at: now, limit: limit, since: since) else { return nil }
        switch taken {
        case .taken:
            state.withLock { state in
                state.calls = state.calls.filter { now.timeIntervalSince($0) < Self.window } + [now]
            }
            return .success(())
        case .exhausted(let oldest):
            let wait = Int((Self.window - now.timeIntervalSince(min(oldest, now))).rounded(.up))
            return .failure(BudgetExhausted(retryAfter: max(wait, 1)))
        }
    }

    func remaining(now: Date) -> Int {
        state.withLock { state in
            max(0, limit - state.calls.filter { now.timeIntervalSince($0) < Self.window }.count)
        }
    }

    private func loadIfNeeded(now: Date) async {
        guard !state.withLock({ $0.loaded }), let log else { return }
        let earlier = (try? await log.calls(since: now.addingTimeInterval(-Self.window))) ?? []
        state.withLock { state in
            guard !state.loaded else { return }
            state.loaded = true
            state.calls = (earlier + state.calls).sorted()
        }
    }
}

/// The hourly budget is spent; a call frees up in `retryAfter` seconds.
package struct BudgetExhausted: Error, Equatable, Sendable {
    package let retryAfter: Int
}

import Model
import Foundation
import Synchronization

/// At most `limit` upstream calls in any rolling hour, at most `share` of them charged to one
/// payer (`CallPayer`), and at most `addressShare` to the payers of one address together. The
/// calls are kept in the log too, so a restart does not hand out a fresh hour.
final class CallBudget: Sendable {
    static let window: Double = 3600

    private struct State {
        var calls: [LoggedCall] = []
        var loaded = false
    }

    let limit: Int
    /// Calls one payer may be charged in the window; nil: no share.
    let share: Int?
    /// Calls the payers of one address may be charged together in the window; nil: no bound.
    let addressShare: Int?
    private let log: (any UpstreamCallLog)?
    private let bookkeeping: BookkeepingWrites
    private let state = Mutex(State())

    init(limit: Int, share: Int? = nil, addressShare: Int? = nil, log: (any UpstreamCallLog)?,
         bookkeeping: BookkeepingWrites = BookkeepingWrites()) {
        self.limit = limit
        self.share = share
        self.addressShare = addressShare
        self.log = log
        self.bookkeeping = bookkeeping
    }

    /// Takes one call from the budget, charged to `payer`; throws `BudgetExhausted` when the
    /// budget is spent, else `UpstreamShareSpent` when the payer, or the payers of its address
    /// together, have had their share, each saying in how many seconds a call frees up.
    func take(now: Date, payer: CallPayer? = nil) async throws {
        let payerShare = share.flatMap { share in
            payer.map { PayerShare(payer: $0.key, limit: share, address: $0.addressKey, addressLimit: addressShare) }
        }
        if let log, log.isShared, let shared = await takeShared(from: log, now: now, share: payerShare) { return try shared.get() }
        await loadIfNeeded(now: now)
        let outcome = state.withLock { state -> Result<Void, any Error> in
            // Times in the future (the clock went back) count as now, so they cannot block for long.
            state.calls = state.calls.filter { now.timeIntervalSince($0.at) < Self.window }
                .map { LoggedCall(at: min($0.at, now), payer: $0.payer, address: $0.address) }
            // The budget first: when it is spent, it is spent for everyone, and says when it frees.
            guard state.calls.count < limit else {
                return .failure(BudgetExhausted(retryAfter: Self.wait(oldest: state.calls.lazy.map(\.at).min() ?? now, now: now)))
            }
            if let payerShare {
                let theirs = state.calls.lazy.filter { $0.payer == payerShare.payer }.map(\.at)
                if theirs.count >= payerShare.limit {
                    return .failure(UpstreamShareSpent(payer: payerShare.payer, retryAfter: Self.wait(oldest: theirs.min() ?? now, now: now)))
                }
                if let (address, limit) = payerShare.boundedAddress {
                    let fromThere = state.calls.lazy.filter { $0.address == address }.map(\.at)
                    if fromThere.count >= limit {
                        return .failure(UpstreamShareSpent(payer: payerShare.payer, retryAfter: Self.wait(oldest: fromThere.min() ?? now, now: now),
                                                           scope: .address))
                    }
                }
            }
            state.calls.append(LoggedCall(at: now, payer: payerShare?.payer ?? "", address: payerShare?.address ?? ""))
            return .success(())
        }
        if case .success = outcome, let log {
            // Written after the answer, as cached answers are: memory counts the call already, and
            // no request waits for a write (seconds on a slow disk). A crash before it is written
            // forgets the call, so a restart may allow one more in that hour.
            let payer = payerShare?.payer ?? "", address = payerShare?.address ?? ""
            bookkeeping.later(.callLog) {
                try await log.record(at: now, payer: payer, address: address, forgetBefore: now.addingTimeInterval(-Self.window))
            }
        }
        try outcome.get()
    }

    /// Seconds until the oldest call counted leaves the window, at least 1.
    private static func wait(oldest: Date, now: Date) -> Int {
        max(Int((window - now.timeIntervalSince(min(oldest, now))).rounded(.up)), 1)
    }

    /// The fleet's budget: the call is taken in the shared log, and counted in memory too (for
    /// `remaining`, and for when the log cannot be reached: then this process's share of the
    /// budget decides, and nil is returned).
    private func takeShared(from log: any UpstreamCallLog, now: Date, share: PayerShare?) async -> Result<Void, any Error>? {
        let since = now.addingTimeInterval(-Self.window)
        guard let taken = try? await log.take(at: now, limit: limit, since: since, share: share) else { return nil }
        switch taken {
        case .taken:
            state.withLock { state in
                state.calls = state.calls.filter { now.timeIntervalSince($0.at) < Self.window }
                    + [LoggedCall(at: now, payer: share?.payer ?? "", address: share?.address ?? "")]
            }
            return .success(())
        case .exhausted(let oldest):
            return .failure(BudgetExhausted(retryAfter: Self.wait(oldest: oldest, now: now)))
        case .shareSpent(let oldest):
            return .failure(UpstreamShareSpent(payer: share?.payer ?? "", retryAfter: Self.wait(oldest: oldest, now: now)))
        case .addressSpent(let oldest):
            return .failure(UpstreamShareSpent(payer: share?.payer ?? "", retryAfter: Self.wait(oldest: oldest, now: now), scope: .address))
        }
    }

    func remaining(now: Date) -> Int {
        state.withLock { state in
            max(0, limit - state.calls.filter { now.timeIntervalSince($0.at) < Self.window }.count)
        }
    }

    private func loadIfNeeded(now: Date) async {
        guard !state.withLock({ $0.loaded }), let log else { return }
        let earlier = (try? await log.loggedCalls(since: now.addingTimeInterval(-Self.window))) ?? []
        state.withLock { state in
            guard !state.loaded else { return }
            state.loaded = true
            state.calls = (earlier + state.calls).sorted { $0.at < $1.at }
        }
    }
}

/// The hourly budget is spent; a call frees up in `retryAfter` seconds.
package struct BudgetExhausted: Error, Equatable, Sendable {
    package let retryAfter: Int
}

/// The client (`payer`, a `CallPayer` key) has caused its share of the hourly budget's calls, or
/// the clients of its address have caused the address's (`scope`); one of those calls leaves the
/// rolling hour in `retryAfter` seconds.
package struct UpstreamShareSpent: Error, Equatable, Sendable {
    package enum Scope: Sendable, Equatable {
        /// The client's own share.
        case client
        /// What the clients of its address may cause together (`GatewaySettings.callsPerAddress`).
        case address
    }

    package let payer: String
    package let retryAfter: Int
    package let scope: Scope

    package init(payer: String, retryAfter: Int, scope: Scope = .client) {
        self.payer = payer
        self.retryAfter = retryAfter
        self.scope = scope
    }
}

import Model
import Foundation

/// A stored upstream answer, as opaque bytes.
package struct CachedAnswer: Equatable, Sendable {
    package let key: String
    package let value: Data
    package let storedAt: Date

    package init(key: String, value: Data, storedAt: Date) {
        self.key = key
        self.value = value
        self.storedAt = storedAt
    }
}

/// Where upstream answers outlive a restart. The gateway keeps hot ones in memory in front of it.
package protocol ResponseCacheStore: Sendable {
    func answer(for key: String) async throws -> CachedAnswer?
    /// Stores (or replaces) the answer, then keeps only the `maxEntries` most recently used.
    func store(_ answer: CachedAnswer, maxEntries: Int) async throws
    func touch(key: String, at date: Date) async throws
    /// Deletes one answer (one that cannot be read back).
    func remove(key: String) async throws
    func purge(storedBefore date: Date) async throws
}

/// When upstream calls were made, who they were charged to and from which address, so the hourly
/// budget, each client's share of it and each address's bound survive a restart.
package protocol UpstreamCallLog: Sendable {
    /// `payer`: the `CallPayer` key the call was charged to; "" for none. `address`: the address
    /// the paying request came from (`CallPayer.addressKey`); "" for none.
    func record(at date: Date, payer: String, address: String, forgetBefore: Date) async throws
    func loggedCalls(since date: Date) async throws -> [LoggedCall]
    /// True when other instances log their calls here too: the budget is then the fleet's, each
    /// call taken from the log itself (`take`) rather than from this process's memory.
    var isShared: Bool { get }
    /// Takes one call at `now` when fewer than `limit` were logged since `since` and, with a
    /// `share`, fewer than its limit were charged to its payer and fewer than its address limit
    /// came from its address (the budget is told first, then the payer), as one step for every
    /// instance sharing the log (calls before `since` are forgotten).
    func take(at now: Date, limit: Int, since: Date, share: PayerShare?) async throws -> CallTaken
}

/// One logged call: when, who paid ("" for no one) and the address the paying request came from
/// ("" for none).
package struct LoggedCall: Equatable, Sendable {
    package let at: Date
    package let payer: String
    package let address: String

    package init(at: Date, payer: String, address: String = "") {
        self.at = at
        self.payer = payer
        self.address = address
    }
}

/// A payer and the calls it may be charged in the window; and the address it asks from, with the
/// calls every payer asking from there may be charged together (`GatewaySettings.callsPerAddress`).
package struct PayerShare: Equatable, Sendable {
    package let payer: String
    package let limit: Int
    /// `CallPayer.addressKey`; "" for none.
    package let address: String
    /// Nil: the address is not bounded.
    package let addressLimit: Int?

    package init(payer: String, limit: Int, address: String = "", addressLimit: Int? = nil) {
        self.payer = payer
        self.limit = limit
        self.address = address
        self.addressLimit = addressLimit
    }

    /// The address limit, when there is an address to bound.
    package var boundedAddress: (address: String, limit: Int)? {
        guard !address.isEmpty, let addressLimit else { return nil }
        return (address, addressLimit)
    }
}

/// What taking a call from a shared log gave.
package enum CallTaken: Equatable, Sendable {
    case taken
    /// `limit` calls were logged in the window; the oldest of them.
    case exhausted(oldest: Date)
    /// The payer was charged its share in the window; the oldest of its calls.
    case shareSpent(oldest: Date)
    /// The payers of the payer's address were charged the address's limit together in the
    /// window; the oldest of their calls.
    case addressSpent(oldest: Date)
}

extension UpstreamCallLog {
    package var isShared: Bool { false }

    /// A call charged to no one.
    package func record(at date: Date, forgetBefore: Date) async throws {
        try await record(at: date, payer: "", address: "", forgetBefore: forgetBefore)
    }

    /// The times of the calls since `date`, oldest first.
    package func calls(since date: Date) async throws -> [Date] {
        try await loggedCalls(since: date).map(\.at)
    }

    package func take(at now: Date, limit: Int, since: Date) async throws -> CallTaken {
        try await take(at: now, limit: limit, since: since, share: nil)
    }

    /// For a log no other process writes: read, then record (this process's budget keeps the
    /// calls in memory and does not call this).
    package func take(at now: Date, limit: Int, since: Date, share: PayerShare?) async throws -> CallTaken {
        let calls = try await loggedCalls(since: since)
        if calls.count >= limit { return .exhausted(oldest: calls.map(\.at).min() ?? now) }
        if let share {
            let theirs = calls.filter { $0.payer == share.payer }
            if theirs.count >= share.limit { return .shareSpent(oldest: theirs.map(\.at).min() ?? now) }
            if let (address, limit) = share.boundedAddress {
                let fromThere = calls.filter { $0.address == address }
                if fromThere.count >= limit { return .addressSpent(oldest: fromThere.map(\.at).min() ?? now) }
            }
        }
        try await record(at: now, payer: share?.payer ?? "", address: share?.address ?? "", forgetBefore: since)
        return .taken
    }
}

/// What is reported when a stored answer does not decode: it is dropped.
struct UnreadableCachedAnswer: Error, CustomStringConvertible {
    let key: String
    let underlying: any Error

    var description: String { "a cached answer could not be read back and was dropped (\(underlying))" }
}

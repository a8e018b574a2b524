import Gateway
import Foundation
import Service
import Model

/// The `upstream_call` table, as Service's `UpstreamCallLog`: when each upstream call was made,
/// who paid and from which address, so the hourly budget and its shares survive a restart. One repository per provider: each has its budget.
/// On PostgreSQL every instance logs its calls here, so the budget is the fleet's.
protocol UpstreamCallRepository: Repository, UpstreamCallLog {
    var provider: String { get }
}

extension UpstreamCallRepository {
    var isShared: Bool { database.isShared }

    /// Records a call charged to `payer` from `address` ("" for no one) and forgets those before `forgetBefore`.
    func record(at date: Date, payer: String, address: String, forgetBefore: Date) async throws {
        try await database.storeWrite { [provider] connection in
            try Self.log(at: date, of: provider, payer: payer, address: address, in: connection)
            try Self.forget(before: forgetBefore, of: provider, in: connection)
        }
    }

    /// One step for every instance: the provider's budget lock orders the instances' takes, so
    /// no two see the same count, the fleet's, a payer's or an address's.
    func take(at now: Date, limit: Int, since: Date, share: PayerShare?) async throws -> CallTaken {
        try await database.storeWrite { [provider] connection in
            try connection.lockUntilCommit(named: "gif_bff_budget_" + provider)
            try Self.forget(before: since, of: provider, in: connection)
            let all = try connection.queryFirst("SELECT count(*), min(called_at) FROM upstream_call WHERE provider = \(provider)")
            if let oldest = try Self.oldest(all, ifAtLeast: limit, now: now) { return .exhausted(oldest: oldest) }
            if let share {
                let theirs = try connection.queryFirst(
                    "SELECT count(*), min(called_at) FROM upstream_call WHERE provider = \(provider) AND payer = \(share.payer)")
                if let oldest = try Self.oldest(theirs, ifAtLeast: share.limit, now: now) { return .shareSpent(oldest: oldest) }
                if let (address, limit) = share.boundedAddress {
                    let fromThere = try connection.queryFirst(
                        "SELECT count(*), min(called_at) FROM upstream_call WHERE provider = \(provider) AND address = \(address)")
                    if let oldest = try Self.oldest(fromThere, ifAtLeast: limit, now: now) { return .addressSpent(oldest: oldest) }
                }
            }
            try Self.log(at: now, of: provider, payer: share?.payer ?? "", address: share?.address ?? "", in: connection)
            return .taken
        }
    }

    /// The oldest call counted when `limit` are (`row`: their count and oldest time); nil below it.
    private static func oldest(_ row: (some SQLRow)?, ifAtLeast limit: Int, now: Date) throws -> Date? {
        let count = try row?.int(at: 0) ?? 0
        guard count >= limit else { return nil }
        // A limit of 0 with no call logged: nothing frees up before a whole window.
        guard let row, !row.isNull(at: 1) else { return now }
        return try row.date(at: 1)
    }

    /// This provider's calls since `date`, oldest first.
    func loggedCalls(since date: Date) async throws -> [LoggedCall] {
        try await database.storeRead { [provider] connection in
            try connection.query(
                "SELECT called_at, payer, address FROM upstream_call WHERE provider = \(provider) AND called_at >= \(date) ORDER BY called_at")
                .map { LoggedCall(at: try $0.date(at: 0), payer: try $0.text(at: 1), address: try $0.text(at: 2)) }
        }
    }

    private static func log(at date: Date, of provider: String, payer: String, address: String, in connection: some StoreConnection) throws {
        try connection.execute(
            "INSERT INTO upstream_call (called_at, provider, payer, address) VALUES (\(date), \(provider), \(payer), \(address))")
    }

    private static func forget(before date: Date, of provider: String, in connection: some StoreConnection) throws {
        try connection.execute("DELETE FROM upstream_call WHERE called_at < \(date) AND provider = \(provider)")
    }
}

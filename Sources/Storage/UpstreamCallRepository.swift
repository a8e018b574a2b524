import Foundation
import Service

/// The `upstream_call` table, as Service's `UpstreamCallLog`: when each upstream call was made,
/// so the hourly budget survives a restart. One repository per provider: each has its budget.
/// On PostgreSQL every instance logs its calls here, so the budget is the fleet's.
protocol UpstreamCallRepository: Repository, UpstreamCallLog {
    var provider: String { get }
}

extension UpstreamCallRepository {
    var isShared: Bool { database.isShared }

    /// Records a call and forgets those before `forgetBefore`.
    func record(at date: Date, forgetBefore: Date) async throws {
        try await database.storeWrite { [provider] connection in
            try Self.log(at: date, of: provider, in: connection)
            try Self.forget(before: forgetBefore, of: provider, in: connection)
        }
    }

    /// One step for every instance: the provider's budget lock orders the instances' takes, so
    /// no two see the same count.
    func take(at now: Date, limit: Int, since: Date) async throws -> CallTaken {
        try await database.storeWrite { [provider] connection in
            try connection.lockUntilCommit(named: "gif_bff_budget_" + provider)
            try Self.forget(before: since, of: provider, in: connection)
            let row = try connection.queryFirst("SELECT count(*), min(called_at) FROM upstream_call WHERE provider = \(provider)")
            let count = try row?.int(at: 0) ?? 0
            if count >= limit {
                // A limit of 0 with no call logged: nothing frees up before a whole window.
                guard let row, !row.isNull(at: 1) else { return .exhausted(oldest: now) }
                return .exhausted(oldest: try row.date(at: 1))
            }
            try Self.log(at: now, of: provider, in: connection)
            return .taken
        }
    }

    /// The times of this provider's calls since `date`, oldest first.
    func calls(since date: Date) async throws -> [Date] {
        try await database.storeRead { [provider] connection in
            try connection.query("SELECT called_at FROM upstream_call WHERE provider = \(provider) AND called_at >= \(date) ORDER BY called_at")
                .map { try $0.date(at: 0) }
        }
    }

    private static func log(at date: Date, of provider: String, in connection: some StoreConnection) throws {
        try connection.execute("INSERT INTO upstream_call (called_at, provider) VALUES (\(date), \(provider))")
    }

    private static func forget(before date: Date, of provider: String, in connection: some StoreConnection) throws {
        try connection.execute("DELETE FROM upstream_call WHERE called_at < \(date) AND provider = \(provider)")
    }
}

import Foundation
import PostgreSQL
import Service

/// The `upstream_call` table in PostgreSQL, as Service's `UpstreamCallLog`: one provider's calls,
/// logged by every instance, so its hourly budget can be the fleet's.
public struct PGUpstreamCallRepository: UpstreamCallLog {
    private let pool: PGPool
    private let provider: String

    init(pool: PGPool, provider: String) {
        self.pool = pool
        self.provider = provider
    }

    public func record(at date: Date, forgetBefore: Date) async throws {
        try await pool.storeWrite { [provider] connection in
            _ = try connection.execute("INSERT INTO upstream_call (called_at, provider) VALUES ($1, $2)",
                                       [.integer(Milliseconds.from(date)), .text(provider)])
            _ = try connection.execute("DELETE FROM upstream_call WHERE called_at < $1 AND provider = $2",
                                       [.integer(Milliseconds.from(forgetBefore)), .text(provider)])
        }
    }

    public var isShared: Bool { true }

    /// One step for the fleet: a transaction-scoped advisory lock per provider orders the
    /// instances' takes, so no two see the same count.
    public func take(at now: Date, limit: Int, since: Date) async throws -> CallTaken {
        try await pool.storeWrite { [provider] connection in
            _ = try connection.query("SELECT pg_advisory_xact_lock(hashtext($1))", [.text("gif_bff_budget_" + provider)])
            _ = try connection.execute("DELETE FROM upstream_call WHERE called_at < $1 AND provider = $2",
                                       [.integer(Milliseconds.from(since)), .text(provider)])
            let row = try connection.queryFirst("SELECT count(*), min(called_at) FROM upstream_call WHERE provider = $1", [.text(provider)])
            let count = try row?.int(at: 0) ?? 0
            if count >= limit {
                // A limit of 0 with no call logged: nothing frees up before a whole window.
                guard let row, !row.isNull(at: 1) else { return .exhausted(oldest: now) }
                return .exhausted(oldest: Milliseconds.date(try row.int64(at: 1)))
            }
            _ = try connection.execute("INSERT INTO upstream_call (called_at, provider) VALUES ($1, $2)",
                                       [.integer(Milliseconds.from(now)), .text(provider)])
            return .taken
        }
    }

    public func calls(since date: Date) async throws -> [Date] {
        try await pool.storeRead { [provider] connection in
            try connection.query("SELECT called_at FROM upstream_call WHERE provider = $1 AND called_at >= $2 ORDER BY called_at",
                                 [.text(provider), .integer(Milliseconds.from(date))]).map { Milliseconds.date(try $0.int64(at: 0)) }
        }
    }
}

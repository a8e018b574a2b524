import Foundation
import Service
import SQLite

/// The `upstream_call` table, as Service's `UpstreamCallLog`: when each upstream call was
/// made, so the hourly budget survives a restart. One repository per provider: each has its budget.
public struct UpstreamCallRepository: UpstreamCallLog {
    private let database: DatabasePool
    private let provider: String

    public init(database: DatabasePool, provider: String = "giphy") {
        self.database = database
        self.provider = provider
    }

    /// Records a call and forgets those before `forgetBefore`.
    public func record(at date: Date, forgetBefore: Date) async throws {
        try await database.storeWrite { [provider] database in
            try database.execute("INSERT INTO upstream_call (called_at, provider) VALUES (?, ?)",
                                 [.integer(Milliseconds.from(date)), .text(provider)])
            try database.execute("DELETE FROM upstream_call WHERE called_at < ? AND provider = ?",
                                 [.integer(Milliseconds.from(forgetBefore)), .text(provider)])
        }
    }

    /// The times of this provider's calls since `date`, oldest first.
    public func calls(since date: Date) async throws -> [Date] {
        try await database.storeRead { [provider] database in
            try database.query("SELECT called_at FROM upstream_call WHERE provider = ? AND called_at >= ? ORDER BY called_at",
                               [.text(provider), .integer(Milliseconds.from(date))]).map { Milliseconds.date(try $0.integer(at: 0)) }
        }
    }
}

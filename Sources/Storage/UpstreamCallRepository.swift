import Foundation
import GifService
import SQLite

/// The `upstream_call` table, as GifService's `UpstreamCallLog`: when each upstream call was
/// made, so the hourly budget survives a restart.
public struct UpstreamCallRepository: UpstreamCallLog {
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
    }

    /// Records a call and forgets those before `forgetBefore`.
    public func record(at date: Date, forgetBefore: Date) async throws {
        try await database.storeWrite { database in
            try database.execute("INSERT INTO upstream_call (called_at) VALUES (?)", [.integer(Milliseconds.from(date))])
            try database.execute("DELETE FROM upstream_call WHERE called_at < ?", [.integer(Milliseconds.from(forgetBefore))])
        }
    }

    /// The times of calls since `date`, oldest first.
    public func calls(since date: Date) async throws -> [Date] {
        try await database.storeRead { database in
            try database.query("SELECT called_at FROM upstream_call WHERE called_at >= ? ORDER BY called_at",
                               [.integer(Milliseconds.from(date))]).map { Milliseconds.date(try $0.integer(at: 0)) }
        }
    }
}

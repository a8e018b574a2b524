import Foundation
import SQLite

/// One cached upstream answer, as opaque bytes.
public struct CachedResponseRow: Equatable, Sendable {
    public let key: String
    public let value: Data
    public let storedAt: Date

    public init(key: String, value: Data, storedAt: Date) {
        self.key = key
        self.value = value
        self.storedAt = storedAt
    }
}

/// The `response_cache` table: upstream answers by request key, bounded in rows, least recently
/// used evicted first.
public struct ResponseCacheRepository: Sendable {
    private let database: DatabaseActor

    public init(database: DatabaseActor) {
        self.database = database
    }

    public func row(for key: String) async throws -> CachedResponseRow? {
        try await database.read { database in
            try database.queryFirst("SELECT value, stored_at FROM response_cache WHERE cache_key = ?", [.text(key)]).map { row in
                CachedResponseRow(key: key, value: try row.blob(at: 0), storedAt: Milliseconds.date(try row.integer(at: 1)))
            }
        }
    }

    /// Stores (or replaces) `row`, then keeps only the `maxRows` most recently used.
    public func store(_ row: CachedResponseRow, maxRows: Int) async throws {
        let stored = Milliseconds.from(row.storedAt)
        try await database.write { database in
            try database.execute("""
                INSERT INTO response_cache (cache_key, value, stored_at, used_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (cache_key) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at,
                    used_at = excluded.used_at
                """, [.text(row.key), .blob(row.value), .integer(stored), .integer(stored)])
            try database.execute("""
                DELETE FROM response_cache WHERE cache_key IN
                    (SELECT cache_key FROM response_cache ORDER BY used_at DESC LIMIT -1 OFFSET ?)
                """, [.int(max(maxRows, 0))])
        }
    }

    /// Marks the entry as used now, for the eviction order.
    public func touch(key: String, at date: Date) async throws {
        try await database.write { database in
            try database.execute("UPDATE response_cache SET used_at = ? WHERE cache_key = ?",
                                 [.integer(Milliseconds.from(date)), .text(key)])
        }
    }

    /// Removes answers stored before `date` (too old to serve even as stale).
    public func purge(storedBefore date: Date) async throws {
        try await database.write { database in
            try database.execute("DELETE FROM response_cache WHERE stored_at < ?", [.integer(Milliseconds.from(date))])
        }
    }

    public func count() async throws -> Int {
        try await database.read { database in
            try database.queryFirst("SELECT count(*) FROM response_cache")?.int(at: 0) ?? 0
        }
    }
}

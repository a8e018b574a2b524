import Foundation
import Service
import SQLite

/// The `response_cache` table, as Service's `ResponseCacheStore`: upstream answers by request
/// key, bounded in rows, least recently used evicted first.
public struct ResponseCacheRepository: ResponseCacheStore {
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
    }

    public func answer(for key: String) async throws -> CachedAnswer? {
        try await database.storeRead { database in
            try database.queryFirst("SELECT value, stored_at FROM response_cache WHERE cache_key = ?", [.text(key)]).map { row in
                CachedAnswer(key: key, value: try row.blob(at: 0), storedAt: Milliseconds.date(try row.integer(at: 1)))
            }
        }
    }

    /// Stores (or replaces) `answer`, then keeps only the `maxEntries` most recently used.
    public func store(_ answer: CachedAnswer, maxEntries: Int) async throws {
        let stored = Milliseconds.from(answer.storedAt)
        try await database.storeWrite { database in
            try database.execute("""
                INSERT INTO response_cache (cache_key, value, stored_at, used_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (cache_key) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at,
                    used_at = excluded.used_at
                """, [.text(answer.key), .blob(answer.value), .integer(stored), .integer(stored)])
            try database.execute("""
                DELETE FROM response_cache WHERE cache_key IN
                    (SELECT cache_key FROM response_cache ORDER BY used_at DESC LIMIT -1 OFFSET ?)
                """, [.int(max(maxEntries, 0))])
        }
    }

    /// Marks the entry as used now, for the eviction order.
    public func touch(key: String, at date: Date) async throws {
        try await database.storeWrite { database in
            try database.execute("UPDATE response_cache SET used_at = ? WHERE cache_key = ?",
                                 [.integer(Milliseconds.from(date)), .text(key)])
        }
    }

    public func remove(key: String) async throws {
        try await database.storeWrite { database in
            try database.execute("DELETE FROM response_cache WHERE cache_key = ?", [.text(key)])
        }
    }

    /// Removes answers stored before `date` (too old to serve even as stale).
    public func purge(storedBefore date: Date) async throws {
        try await database.storeWrite { database in
            try database.execute("DELETE FROM response_cache WHERE stored_at < ?", [.integer(Milliseconds.from(date))])
        }
    }

    public func count() async throws -> Int {
        try await database.storeRead { database in
            try database.queryFirst("SELECT count(*) FROM response_cache")?.int(at: 0) ?? 0
        }
    }
}

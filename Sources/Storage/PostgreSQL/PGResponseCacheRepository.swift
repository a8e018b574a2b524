import Foundation
import PostgreSQL
import Service

/// The `response_cache` table in PostgreSQL, as Service's `ResponseCacheStore`: one cache for the
/// fleet, so an answer one instance fetched serves every other without another upstream call.
public struct PGResponseCacheRepository: ResponseCacheStore {
    private let pool: PGPool

    init(pool: PGPool) {
        self.pool = pool
    }

    public func answer(for key: String) async throws -> CachedAnswer? {
        try await pool.storeRead { connection in
            try connection.queryFirst("SELECT value, stored_at FROM response_cache WHERE cache_key = $1", [.text(key)]).map { row in
                CachedAnswer(key: key, value: try row.bytes(at: 0), storedAt: Milliseconds.date(try row.int64(at: 1)))
            }
        }
    }

    public func store(_ answer: CachedAnswer, maxEntries: Int) async throws {
        let stored = Milliseconds.from(answer.storedAt)
        try await pool.storeWrite { connection in
            _ = try connection.execute("""
                INSERT INTO response_cache (cache_key, value, stored_at, used_at) VALUES ($1, $2, $3, $3)
                ON CONFLICT (cache_key) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at,
                    used_at = excluded.used_at
                """, [.text(answer.key), .bytes(answer.value), .integer(stored)])
            _ = try connection.execute("""
                DELETE FROM response_cache WHERE cache_key IN
                    (SELECT cache_key FROM response_cache ORDER BY used_at DESC OFFSET $1)
                """, [.int(max(maxEntries, 0))])
        }
    }

    public func touch(key: String, at date: Date) async throws {
        try await pool.storeWrite { connection in
            _ = try connection.execute("UPDATE response_cache SET used_at = $1 WHERE cache_key = $2",
                                       [.integer(Milliseconds.from(date)), .text(key)])
        }
    }

    public func remove(key: String) async throws {
        try await pool.storeWrite { connection in
            _ = try connection.execute("DELETE FROM response_cache WHERE cache_key = $1", [.text(key)])
        }
    }

    public func purge(storedBefore date: Date) async throws {
        try await pool.storeWrite { connection in
            _ = try connection.execute("DELETE FROM response_cache WHERE stored_at < $1", [.integer(Milliseconds.from(date))])
        }
    }
}

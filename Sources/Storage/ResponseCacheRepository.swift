import Foundation
import Service

/// The `response_cache` table, as Service's `ResponseCacheStore`: upstream answers by request
/// key, bounded in rows, least recently used evicted first. On PostgreSQL one cache for the
/// fleet: an answer one instance fetched serves every other without another upstream call.
protocol ResponseCacheRepository: Repository, ResponseCacheStore {}

extension ResponseCacheRepository {
    func answer(for key: String) async throws -> CachedAnswer? {
        try await database.storeRead { connection in
            try connection.queryFirst("SELECT value, stored_at FROM response_cache WHERE cache_key = \(key)").map { row in
                CachedAnswer(key: key, value: try row.bytes(at: 0), storedAt: try row.date(at: 1))
            }
        }
    }

    /// Stores (or replaces) `answer`, then keeps only the `maxEntries` most recently used.
    func store(_ answer: CachedAnswer, maxEntries: Int) async throws {
        try await database.storeWrite { connection in
            try connection.execute("""
                INSERT INTO response_cache (cache_key, value, stored_at, used_at)
                VALUES (\(answer.key), \(answer.value), \(answer.storedAt), \(answer.storedAt))
                ON CONFLICT (cache_key) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at,
                    used_at = excluded.used_at
                """)
            try connection.execute("""
                DELETE FROM response_cache WHERE cache_key IN
                    (SELECT cache_key FROM response_cache ORDER BY used_at DESC \(offset: max(maxEntries, 0)))
                """)
        }
    }

    /// Marks the entry as used now, for the eviction order.
    func touch(key: String, at date: Date) async throws {
        try await database.storeWrite { connection in
            try connection.execute("UPDATE response_cache SET used_at = \(date) WHERE cache_key = \(key)")
        }
    }

    func remove(key: String) async throws {
        try await database.storeWrite { connection in
            try connection.execute("DELETE FROM response_cache WHERE cache_key = \(key)")
        }
    }

    /// Removes answers stored before `date` (too old to serve even as stale).
    func purge(storedBefore date: Date) async throws {
        try await database.storeWrite { connection in
            try connection.execute("DELETE FROM response_cache WHERE stored_at < \(date)")
        }
    }
}

import Foundation
import Service
import SQLite

/// The `search_history` table, as Service's `SearchHistoryStore`: one row per query ignoring
/// letter case, newest first, trimmed to a given number of rows. Queries are stored as given:
/// normalising whitespace is the caller's rule.
public struct SearchHistoryRepository: SearchHistoryStore {
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
    }

    /// The key under which queries differing only in letter case are one entry.
    static func key(for query: String) -> String {
        query.lowercased()
    }

    /// Records `query` as the newest search, replacing any entry equal to it ignoring case
    /// (which takes this spelling), then keeps only the `keepingNewest` newest.
    public func record(_ query: String, at date: Date, keepingNewest limit: Int) async throws {
        let key = Self.key(for: query)
        try await database.storeWrite { database in
            try database.execute("""
                INSERT INTO search_history (query_key, query, searched_at, seq)
                VALUES (?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM search_history))
                ON CONFLICT (query_key) DO UPDATE
                SET query = excluded.query, searched_at = excluded.searched_at, seq = excluded.seq
                """, [.text(key), .text(query), .integer(Milliseconds.from(date))])
            try database.execute("""
                DELETE FROM search_history WHERE query_key NOT IN
                    (SELECT query_key FROM search_history ORDER BY seq DESC LIMIT ?)
                """, [.int(max(limit, 0))])
        }
    }

    /// Newest first. With `containing`, only queries that contain it ignoring letter case.
    public func list(containing fragment: String? = nil) async throws -> [SearchHistoryEntry] {
        let sql: String
        let arguments: [SQLiteValue]
        if let fragment, !fragment.isEmpty {
            // instr, not LIKE: no wildcards to escape, and the keys are already lowercased.
            sql = "SELECT query, searched_at FROM search_history WHERE instr(query_key, ?) > 0 ORDER BY seq DESC"
            arguments = [.text(Self.key(for: fragment))]
        } else {
            sql = "SELECT query, searched_at FROM search_history ORDER BY seq DESC"
            arguments = []
        }
        return try await database.storeRead { database in
            try database.query(sql, arguments).map { row in
                SearchHistoryEntry(query: try row.text(at: 0), searchedAt: Milliseconds.date(try row.integer(at: 1)))
            }
        }
    }

    public func clear() async throws {
        try await database.storeWrite { database in
            try database.execute("DELETE FROM search_history")
        }
    }
}

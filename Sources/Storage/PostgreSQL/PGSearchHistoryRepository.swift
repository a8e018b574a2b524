import Foundation
import PostgreSQL
import Service

/// The `search_history` table in PostgreSQL, as Service's `SearchHistoryStore`: per install, one
/// row per query ignoring letter case, newest first, trimmed to a given number of rows.
public struct PGSearchHistoryRepository: SearchHistoryStore {
    private let pool: PGPool

    init(pool: PGPool) {
        self.pool = pool
    }

    public func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws {
        let key = SearchHistoryRepository.key(for: query)
        let owner = PGValue.text(install.rawValue)
        try await pool.storeWrite { connection in
            guard try connection.lockInstall(install) else { return }
            _ = try connection.execute("""
                INSERT INTO search_history (install_id, query_key, query, searched_at, seq)
                VALUES ($1, $2, $3, $4, (SELECT coalesce(max(seq), 0) + 1 FROM search_history WHERE install_id = $1))
                ON CONFLICT (install_id, query_key) DO UPDATE
                SET query = excluded.query, searched_at = excluded.searched_at, seq = excluded.seq
                """, [owner, .text(key), .text(query), .integer(Milliseconds.from(date))])
            _ = try connection.execute("""
                DELETE FROM search_history WHERE install_id = $1 AND query_key NOT IN
                    (SELECT query_key FROM search_history WHERE install_id = $1 ORDER BY seq DESC LIMIT $2)
                """, [owner, .int(max(limit, 0))])
        }
    }

    public func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry] {
        let sql: String
        var arguments: [PGValue] = [.text(install.rawValue)]
        if let fragment, !fragment.isEmpty {
            // strpos, not LIKE: no wildcards to escape, and the keys are already lowercased.
            sql = "SELECT query, searched_at FROM search_history WHERE install_id = $1 AND strpos(query_key, $2) > 0 ORDER BY seq DESC"
            arguments.append(.text(SearchHistoryRepository.key(for: fragment)))
        } else {
            sql = "SELECT query, searched_at FROM search_history WHERE install_id = $1 ORDER BY seq DESC"
        }
        return try await pool.storeRead { [arguments] connection in
            try connection.query(sql, arguments).map { row in
                SearchHistoryEntry(query: try row.text(at: 0), searchedAt: Milliseconds.date(try row.int64(at: 1)))
            }
        }
    }

    public func clear(install: InstallID) async throws {
        try await pool.storeWrite { connection in
            _ = try connection.execute("DELETE FROM search_history WHERE install_id = $1", [.text(install.rawValue)])
        }
    }
}

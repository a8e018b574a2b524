import Foundation
import Service
import Model

/// The `search_history` table, as Service's `SearchHistoryStore`: per install, one row per query
/// ignoring letter case, newest first, trimmed to a given number of rows. Queries are stored as
/// given: normalising whitespace is the caller's rule.
protocol SearchHistoryRepository: Repository, SearchHistoryStore {}

extension SearchHistoryRepository {
    static func key(for query: String) -> String {
        searchHistoryKey(query)
    }

    /// Records `query` as the install's newest search, replacing any entry equal to it ignoring
    /// case (which takes this spelling), then keeps only its `keepingNewest` newest. Nothing for
    /// an install that does not exist.
    func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws {
        let key = Self.key(for: query), owner = install.rawValue
        try await database.storeWrite { connection in
            guard try connection.lockInstall(install) else { return }
            try connection.execute("""
                INSERT INTO search_history (install_id, query_key, query, searched_at, seq)
                VALUES (\(owner), \(key), \(query), \(date), (SELECT coalesce(max(seq), 0) + 1 FROM search_history WHERE install_id = \(owner)))
                ON CONFLICT (install_id, query_key) DO UPDATE
                SET query = excluded.query, searched_at = excluded.searched_at, seq = excluded.seq
                """)
            try connection.execute("""
                DELETE FROM search_history WHERE install_id = \(owner) AND query_key NOT IN
                    (SELECT query_key FROM search_history WHERE install_id = \(owner) ORDER BY seq DESC LIMIT \(max(limit, 0)))
                """)
        }
    }

    /// Newest first. With `containing`, only queries that contain it ignoring letter case.
    func list(containing fragment: String? = nil, install: InstallID) async throws -> [SearchHistoryEntry] {
        let statement: SQLStatement<Database.Connection.Dialect> = if let fragment, !fragment.isEmpty {
            // A position, not LIKE: no wildcards to escape, and the keys are already lowercased.
            """
            SELECT query, searched_at FROM search_history
            WHERE install_id = \(install.rawValue) AND \(.substringPosition)(query_key, \(Self.key(for: fragment))) > 0 ORDER BY seq DESC
            """
        } else {
            "SELECT query, searched_at FROM search_history WHERE install_id = \(install.rawValue) ORDER BY seq DESC"
        }
        return try await database.storeRead { connection in
            try connection.query(statement).map { row in
                SearchHistoryEntry(query: try row.text(at: 0), searchedAt: try row.date(at: 1))
            }
        }
    }

    func clear(install: InstallID) async throws {
        try await database.storeWrite { connection in
            try connection.execute("DELETE FROM search_history WHERE install_id = \(install.rawValue)")
        }
    }
}

/// The key under which queries differing only in letter case are one entry (the history's, and
/// an import's).
func searchHistoryKey(_ query: String) -> String {
    query.lowercased()
}

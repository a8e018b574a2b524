import Foundation
import Service
import SQLite

/// The `search_history` table, as Service's `SearchHistoryStore`: per install, one row per query
/// ignoring letter case, newest first, trimmed to a given number of rows. Queries are stored as
/// given: normalising whitespace is the caller's rule.
public struct SearchHistoryRepository: SearchHistoryStore {
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
    }

    /// The key under which queries differing only in letter case are one entry.
    static func key(for query: String) -> String {
        query.lowercased()
    }

    /// Records `query` as the install's newest search, replacing any entry equal to it ignoring
    /// case (which takes this spelling), then keeps only its `keepingNewest` newest. Nothing for
    /// an install that does not exist.
    public func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws {
        let key = Self.key(for: query)
        let owner = SQLiteValue.text(install.rawValue)
        try await database.storeWrite { database in
            guard try InstallRepository.exists(install, in: database) else { return }
            try database.execute("""
                INSERT INTO search_history (install_id, query_key, query, searched_at, seq)
                VALUES (?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM search_history WHERE install_id = ?))
                ON CONFLICT (install_id, query_key) DO UPDATE
                SET query = excluded.query, searched_at = excluded.searched_at, seq = excluded.seq
                """, [owner, .text(key), .text(query), .integer(Milliseconds.from(date)), owner])
            try database.execute("""
                DELETE FROM search_history WHERE install_id = ? AND query_key NOT IN
                    (SELECT query_key FROM search_history WHERE install_id = ? ORDER BY seq DESC LIMIT ?)
                """, [owner, owner, .int(max(limit, 0))])
        }
    }

    /// Newest first. With `containing`, only queries that contain it ignoring letter case.
    public func list(containing fragment: String? = nil, install: InstallID) async throws -> [SearchHistoryEntry] {
        let sql: String
        let arguments: [SQLiteValue]
        if let fragment, !fragment.isEmpty {
            // instr, not LIKE: no wildcards to escape, and the keys are already lowercased.
            sql = "SELECT query, searched_at FROM search_history WHERE install_id = ? AND instr(query_key, ?) > 0 ORDER BY seq DESC"
            arguments = [.text(install.rawValue), .text(Self.key(for: fragment))]
        } else {
            sql = "SELECT query, searched_at FROM search_history WHERE install_id = ? ORDER BY seq DESC"
            arguments = [.text(install.rawValue)]
        }
        return try await database.storeRead { database in
            try database.query(sql, arguments).map { row in
                SearchHistoryEntry(query: try row.text(at: 0), searchedAt: Milliseconds.date(try row.integer(at: 1)))
            }
        }
    }

    public func clear(install: InstallID) async throws {
        try await database.storeWrite { database in
            try database.execute("DELETE FROM search_history WHERE install_id = ?", [.text(install.rawValue)])
        }
    }
}

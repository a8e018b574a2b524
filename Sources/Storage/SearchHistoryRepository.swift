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
        let search = RecordedSearch(query: query, at: date, install: install)
        try await database.storeWrite { connection in
            if try Self.insert(search, on: connection) { try Self.trim(search.install, keepingNewest: limit, on: connection) }
        }
    }

    /// In one transaction, each install trimmed once at the end (the same rows are left as by a
    /// trim after each: the newest `limit` by `seq`). When it fails, whichever search failed rolled
    /// back every one: each runs again in a transaction of its own, so only a failing one fails.
    func record(_ searches: [RecordedSearch], keepingNewest limit: Int) async -> [(any Error)?] {
        if searches.count > 1 {
            do {
                try await database.storeWrite { connection in
                    var written: [InstallID] = []
                    for search in searches {
                        if try Self.insert(search, on: connection), !written.contains(search.install) { written.append(search.install) }
                    }
                    for install in written { try Self.trim(install, keepingNewest: limit, on: connection) }
                }
                return searches.map { _ in nil }
            } catch {}
        }
        return await recordEachAlone(searches, keepingNewest: limit)
    }

    /// Makes `search` its install's newest entry; false (nothing written) for an install that
    /// does not exist.
    private static func insert(_ search: RecordedSearch, on connection: Database.Connection) throws -> Bool {
        let key = Self.key(for: search.query), owner = search.install.rawValue
        guard try connection.lockInstall(search.install) else { return false }
        try connection.execute("""
            INSERT INTO search_history (install_id, query_key, query, searched_at, seq)
            VALUES (\(owner), \(key), \(search.query), \(search.date), (SELECT coalesce(max(seq), 0) + 1 FROM search_history WHERE install_id = \(owner)))
            ON CONFLICT (install_id, query_key) DO UPDATE
            SET query = excluded.query, searched_at = excluded.searched_at, seq = excluded.seq
            """)
        return true
    }

    /// Keeps only the install's `limit` newest entries: deletes each with `limit` newer ones (by
    /// `seq`, then key, so that entries of one `seq` still leave exactly `limit`). Counted, not
    /// ordered: an install holds a handful of rows (its limit and a batch's searches), which a
    /// count visits without the sorter (its allocations) that ORDER BY needs since no index orders
    /// them by `seq`.
    private static func trim(_ install: InstallID, keepingNewest limit: Int, on connection: Database.Connection) throws {
        try connection.execute("""
            DELETE FROM search_history WHERE install_id = \(install.rawValue) AND (
                SELECT count(*) FROM search_history AS newer WHERE newer.install_id = search_history.install_id
                AND (newer.seq > search_history.seq OR (newer.seq = search_history.seq AND newer.query_key > search_history.query_key))
            ) >= \(max(limit, 0))
            """)
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

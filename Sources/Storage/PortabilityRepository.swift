import Foundation
import Service
import Model

/// Service's `PortabilityStore` over the `favorite` and `search_history` tables: an import in
/// one write transaction, the install locked first (`lockInstall`), so it runs after or before
/// any add of the same install, from any instance, and the cap stays exact. On PostgreSQL the
/// favorites' change is announced, so every instance reads them again.
protocol PortabilityRepository: Repository, PortabilityStore {}

extension PortabilityRepository {
    func importData(_ plan: ImportPlan, install: InstallID) async throws -> ImportOutcome? {
        try await database.storeWrite { connection in
            guard try connection.lockInstall(install) else { return nil }
            var outcome = ImportOutcome()
            try Self.addFavorites(plan, install, &outcome, in: connection)
            outcome.historyCount = try Self.replaceHistory(install, merging: plan.mergeHistory, in: connection)
            return outcome
        }
    }

    private static func addFavorites(_ plan: ImportPlan, _ install: InstallID, _ outcome: inout ImportOutcome,
                                     in connection: some StoreConnection) throws {
        let owner = install.rawValue
        let present = Set(try connection.query("SELECT gif_id FROM favorite WHERE install_id = \(owner)").map { try $0.text(at: 0) })
        var chosen: [FavoriteRecord] = []
        for record in plan.favorites {
            if present.contains(record.id) {
                outcome.present += 1
            } else if present.count + chosen.count >= plan.favoritesLimit {
                outcome.overCap += 1
            } else {
                chosen.append(record)
            }
        }
        // Oldest first: favorites added at one time are listed last inserted first (`seq`).
        for record in chosen.reversed() {
            try connection.execute("""
                INSERT INTO favorite (install_id, gif_id, snapshot, added_at)
                VALUES (\(owner), \(record.id), \(record.snapshot), \(record.addedAt))
                """)
        }
        outcome.inserted = chosen.count
        outcome.favoritesCount = present.count + chosen.count
        if outcome.inserted > 0 { try connection.announce(.favorites, of: install) }
    }

    /// The install's history replaced by `merging` it; its new count. `seq` numbers the merged
    /// entries newest highest, as recording does.
    private static func replaceHistory(_ install: InstallID, merging: ([SearchHistoryEntry]) -> [SearchHistoryEntry],
                                       in connection: some StoreConnection) throws -> Int {
        let owner = install.rawValue
        let existing = try connection.query("""
            SELECT query, searched_at FROM search_history WHERE install_id = \(owner) ORDER BY seq DESC
            """).map { SearchHistoryEntry(query: try $0.text(at: 0), searchedAt: try $0.date(at: 1)) }
        let merged = merging(existing)
        guard merged != existing else { return merged.count }
        try connection.execute("DELETE FROM search_history WHERE install_id = \(owner)")
        for (index, entry) in merged.enumerated() {
            try connection.execute("""
                INSERT INTO search_history (install_id, query_key, query, searched_at, seq)
                VALUES (\(owner), \(searchHistoryKey(entry.query)), \(entry.query), \(entry.searchedAt), \(merged.count - index))
                """)
        }
        return merged.count
    }
}

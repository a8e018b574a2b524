import Foundation
import Gateway
import Model
import Primitives

/// Export and import, per install. Export: the favorites as listed (the content ceiling applied)
/// and the search history. Import merges a document into the install, in one store transaction:
/// the favorites it has stay as they are; the document's are added newest first, one per id (an
/// id the install has, or one named twice, is a duplicate, left out), until the cap, and those
/// past it are dropped and counted; each keeps its `added_at` (a time still to come is taken as
/// now), so the list stays newest first. The history is the union of both, a query once ignoring
/// letter case (its latest search wins), its `limit` newest kept.
package struct Portability: Sendable {
    let favorites: Favorites
    let history: SearchHistoryService
    let store: any PortabilityStore
    let errors: ErrorTranslation

    /// The most favorites or history entries a document may hold: far past any cap (20 and 5 by
    /// default), so a file from a server with larger caps still reads, and bounded.
    package static let maxEntries = 500

    package func export(install: InstallID) async throws(ServiceError) -> PortableData {
        try await errors.translating {
            let listing = try await favorites.listing(install: install).value()
            let entries = try await history.list(install: install)
            return PortableData(favorites: listing.favorites, history: entries, exportedAt: favorites.now())
        }
    }

    /// Merges `data` into the install's favorites and history; nothing changes when it throws.
    package func importData(_ data: PortableData, install: InstallID) async throws(ServiceError) -> ImportSummary {
        let (records, repeated) = candidates(data.favorites)
        let imported = try Self.normalized(data.history)
        let limit = history.limit
        let plan = ImportPlan(favorites: records, favoritesLimit: favorites.limit,
                              mergeHistory: { Self.merged($0, imported, limit: limit) })
        return try await errors.translating {
            // Searches still queued land first, so none overwrites what the import brings.
            await history.bookkeeping.flush()
            let outcome = try await favorites.memories.using(install) { memory in
                try await memory.gate.run {
                    defer { memory.forget() }
                    return try await store.importData(plan, install: install)
                }
            }
            history.forget(install)
            guard let outcome else { throw InstallError.unknownToken }
            var summary = ImportSummary()
            summary.imported = outcome.inserted
            summary.duplicates = outcome.present + repeated
            summary.dropped = outcome.overCap
            summary.favoritesCount = outcome.favoritesCount
            summary.favoritesLimit = favorites.limit
            summary.historyCount = outcome.historyCount
            return summary
        }
    }

    /// The document's favorites as records to add, newest first, one per id (the first, newest,
    /// kept), and how many repeated an id.
    private func candidates(_ imported: [Favorite]) -> (records: [FavoriteRecord], repeated: Int) {
        let now = favorites.now()
        var seen = Set<String>(), records: [FavoriteRecord] = [], repeated = 0
        // Stable: favorites added at one time keep the document's order.
        let newestFirst = imported.enumerated().sorted { ($0.element.addedAt, $1.offset) > ($1.element.addedAt, $0.offset) }
        for (_, favorite) in newestFirst {
            guard seen.insert(favorite.id).inserted else {
                repeated += 1
                continue
            }
            records.append(FavoriteRecord(snapshotOf: favorite.item, addedAt: min(favorite.addedAt, now)))
        }
        return (records, repeated)
    }

    /// The entries' queries as the history keeps them (trimmed, inner whitespace collapsed); a
    /// blank one, or one with a control character, makes the document invalid.
    static func normalized(_ entries: [SearchHistoryEntry]) throws(ServiceError) -> [SearchHistoryEntry] {
        try entries.map { entry throws(ServiceError) in
            guard let query = SearchHistoryService.normalize(entry.query) else {
                throw .importInvalid("search_history holds a blank query, or one with a control character.")
            }
            return SearchHistoryEntry(query: query, searchedAt: entry.searchedAt)
        }
    }

    /// Both histories as one, newest first: a query once ignoring letter case (the latest search
    /// of it, with its spelling), the `limit` newest.
    static func merged(_ existing: [SearchHistoryEntry], _ imported: [SearchHistoryEntry], limit: Int) -> [SearchHistoryEntry] {
        var latest: [String: SearchHistoryEntry] = [:]
        // Existing first: at an equal time the install's own entry stays.
        for entry in existing + imported {
            let key = entry.query.lowercased()
            if let kept = latest[key], kept.searchedAt >= entry.searchedAt { continue }
            latest[key] = entry
        }
        let newestFirst = latest.values.sorted { ($0.searchedAt, $1.query) > ($1.searchedAt, $0.query) }
        return Array(newestFirst.prefix(max(0, limit)))
    }
}

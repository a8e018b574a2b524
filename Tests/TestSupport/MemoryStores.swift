import Foundation
import Service
import Model
import Synchronization

/// A FavoritesStore in memory, each install's favorites apart, for tests that need the rules
/// without SQLite.
package final class MemoryFavoritesStore: FavoritesStore {
    /// Newest last, by install; `list` reverses.
    private let records = Mutex<[InstallID: [FavoriteRecord]]>([:])

    package init() {}

    package func list(install: InstallID) async throws -> [FavoriteRecord] {
        records.withLock { ($0[install] ?? []).reversed() }
    }

    package func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome {
        records.withLock { records in
            var mine = records[install] ?? []
            if let existing = mine.first(where: { $0.id == record.id }) { return .alreadyPresent(existing) }
            guard mine.count < limit else { return .full }
            mine.append(record)
            records[install] = mine
            return .inserted
        }
    }

    package func remove(id: String, install: InstallID) async throws -> Bool {
        records.withLock { records in
            guard let index = records[install]?.firstIndex(where: { $0.id == id }) else { return false }
            records[install]?.remove(at: index)
            return true
        }
    }

    package func totalCount() async throws -> Int { records.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    /// What an install's deletion does to this store.
    package func removeAll(install: InstallID) { records.withLock { $0[install] = nil } }
}

/// A SearchHistoryStore in memory, each install's apart: entries equal ignoring case replace each other.
package final class MemorySearchHistoryStore: SearchHistoryStore {
    /// Newest first, by install.
    private let entries = Mutex<[InstallID: [SearchHistoryEntry]]>([:])

    package init() {}

    package func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws {
        entries.withLock { entries in
            var mine = entries[install] ?? []
            mine.removeAll { $0.query.lowercased() == query.lowercased() }
            mine.insert(SearchHistoryEntry(query: query, searchedAt: date), at: 0)
            entries[install] = Array(mine.prefix(limit))
        }
    }

    package func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry] {
        entries.withLock { entries in
            let mine = entries[install] ?? []
            guard let fragment = fragment?.lowercased() else { return mine }
            return mine.filter { $0.query.lowercased().contains(fragment) }
        }
    }

    package func clear(install: InstallID) async throws { entries.withLock { $0[install] = nil } }
}

/// An InstallStore in memory, with the local install from the start.
package final class MemoryInstallStore: InstallStore {
    private let installs = Mutex<[InstallID: InstallRecord]>([.local: InstallRecord(id: .local, tokenHash: nil, createdAt: Date())])
    /// Told of each deletion, as a database deletes an install's rows with it.
    private let onDelete: @Sendable (InstallID) -> Void

    package init(onDelete: @escaping @Sendable (InstallID) -> Void = { _ in }) { self.onDelete = onDelete }

    package func create(_ install: InstallRecord) async throws { installs.withLock { $0[install.id] = install } }
    package func find(_ install: InstallID) async throws -> InstallRecord? { installs.withLock { $0[install] } }
    package func delete(_ install: InstallID) async throws -> Bool {
        let deleted = installs.withLock { $0.removeValue(forKey: install) != nil }
        if deleted { onDelete(install) }
        return deleted
    }
    package func count() async throws -> Int { installs.withLock { $0.count - ($0[.local] == nil ? 0 : 1) } }

    /// Each call to `recordUse`, for the tests of how often uses are written.
    package let useWrites = Mutex<[[InstallID]]>([])

    package func recordUse(_ ids: [InstallID], at date: Date) async throws {
        useWrites.withLock { $0.append(ids) }
        installs.withLock { installs in
            for id in ids {
                guard let record = installs[id] else { continue }
                installs[id] = InstallRecord(id: id, tokenHash: record.tokenHash, createdAt: record.createdAt,
                                             lastUsed: max(record.lastUsed, date))
            }
        }
    }

    package func deleteUnused(before date: Date, limit: Int) async throws -> [InstallID] {
        let deleted = installs.withLock { installs in
            let idle = installs.values.filter { $0.id != .local && $0.lastUsed < date }.prefix(max(0, limit)).map(\.id)
            for id in idle { installs[id] = nil }
            return Array(idle)
        }
        for id in deleted { onDelete(id) }
        return deleted
    }
}

/// Stores whose database lock cannot be had: every call throws `StoreFailure.busy`.
package struct BusyStore: FavoritesStore, SearchHistoryStore, SpotlightStore {
    package let retryAfterSeconds: Int

    package init(retryAfterSeconds: Int) { self.retryAfterSeconds = retryAfterSeconds }

    private var failure: StoreFailure { .busy(retryAfterSeconds: retryAfterSeconds) }

    package func list(install: InstallID) async throws -> [FavoriteRecord] { throw failure }
    package func insertIfRoom(_ record: FavoriteRecord, limit: Int, install: InstallID) async throws -> FavoriteInsertOutcome { throw failure }
    package func remove(id: String, install: InstallID) async throws -> Bool { throw failure }
    package func totalCount() async throws -> Int { throw failure }
    package func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws { throw failure }
    package func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry] { throw failure }
    package func clear(install: InstallID) async throws { throw failure }
    package func pick(for key: String) async throws -> StoredSpotlight? { throw failure }
    package func save(_ pick: StoredSpotlight, forgettingChangedBefore: Date) async throws { throw failure }
}

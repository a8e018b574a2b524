import Foundation
import Service
import Synchronization

/// A FavoritesStore in memory, for tests that need the rules without SQLite.
public final class MemoryFavoritesStore: FavoritesStore {
    /// Newest last; `list()` reverses.
    private let records = Mutex<[FavoriteRecord]>([])

    public init() {}

    public func list() async throws -> [FavoriteRecord] {
        records.withLock { $0.reversed() }
    }

    public func count() async throws -> Int { records.withLock { $0.count } }

    public func contains(id: String) async throws -> Bool { records.withLock { $0.contains { $0.id == id } } }

    public func insertIfRoom(_ record: FavoriteRecord, limit: Int) async throws -> FavoriteInsertOutcome {
        records.withLock { records in
            if let existing = records.first(where: { $0.id == record.id }) { return .alreadyPresent(existing) }
            guard records.count < limit else { return .full }
            records.append(record)
            return .inserted
        }
    }

    public func remove(id: String) async throws -> Bool {
        records.withLock { records in
            guard let index = records.firstIndex(where: { $0.id == id }) else { return false }
            records.remove(at: index)
            return true
        }
    }
}

/// A SearchHistoryStore in memory: entries equal ignoring case replace each other.
public final class MemorySearchHistoryStore: SearchHistoryStore {
    /// Newest first.
    private let entries = Mutex<[SearchHistoryEntry]>([])

    public init() {}

    public func record(_ query: String, at date: Date, keepingNewest limit: Int) async throws {
        entries.withLock { entries in
            entries.removeAll { $0.query.lowercased() == query.lowercased() }
            entries.insert(SearchHistoryEntry(query: query, searchedAt: date), at: 0)
            entries = Array(entries.prefix(limit))
        }
    }

    public func list(containing fragment: String?) async throws -> [SearchHistoryEntry] {
        entries.withLock { entries in
            guard let fragment = fragment?.lowercased() else { return entries }
            return entries.filter { $0.query.lowercased().contains(fragment) }
        }
    }

    public func clear() async throws { entries.withLock { $0.removeAll() } }
}

/// Stores whose database lock cannot be had: every call throws `StoreFailure.busy`.
public struct BusyStore: FavoritesStore, SearchHistoryStore, SpotlightStore {
    public let retryAfterSeconds: Int

    public init(retryAfterSeconds: Int) { self.retryAfterSeconds = retryAfterSeconds }

    private var failure: StoreFailure { .busy(retryAfterSeconds: retryAfterSeconds) }

    public func list() async throws -> [FavoriteRecord] { throw failure }
    public func count() async throws -> Int { throw failure }
    public func contains(id: String) async throws -> Bool { throw failure }
    public func insertIfRoom(_ record: FavoriteRecord, limit: Int) async throws -> FavoriteInsertOutcome { throw failure }
    public func remove(id: String) async throws -> Bool { throw failure }
    public func record(_ query: String, at date: Date, keepingNewest limit: Int) async throws { throw failure }
    public func list(containing fragment: String?) async throws -> [SearchHistoryEntry] { throw failure }
    public func clear() async throws { throw failure }
    public func pick(for key: String) async throws -> StoredSpotlight? { throw failure }
    public func save(_ pick: StoredSpotlight, forgettingChangedBefore: Date) async throws { throw failure }
}

import Foundation
import GifService
import Storage

/// GifService's `SearchHistoryStore` backed by Storage's `SearchHistoryRepository`.
public struct SQLiteSearchHistoryStore: SearchHistoryStore {
    private let repository: SearchHistoryRepository

    public init(repository: SearchHistoryRepository) {
        self.repository = repository
    }

    public func record(_ query: String, at date: Date, keepingNewest limit: Int) async throws {
        try await repository.record(query, at: date, keepingNewest: limit)
    }

    public func list(containing fragment: String?) async throws -> [SearchHistoryEntry] {
        try await repository.list(containing: fragment).map { stored in
            SearchHistoryEntry(query: stored.query, searchedAt: stored.searchedAt)
        }
    }

    public func clear() async throws {
        try await repository.clear()
    }
}

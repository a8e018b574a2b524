import Model
import Foundation

/// One remembered search.
package struct SearchHistoryEntry: Equatable, Sendable {
    package let query: String
    package let searchedAt: Date

    package init(query: String, searchedAt: Date) {
        self.query = query
        self.searchedAt = searchedAt
    }
}

/// A search to record: `query` as the install's newest entry, searched at `date`.
package struct RecordedSearch: Sendable, Equatable {
    package let query: String
    package let date: Date
    package let install: InstallID

    package init(query: String, at date: Date, install: InstallID) {
        self.query = query
        self.date = date
        self.install = install
    }
}

/// Where search history lives, each entry under its install: a call reads or changes one
/// install's only. Entries are identified ignoring letter case; the store also does the
/// case-insensitive matching of `list(containing:)`.
package protocol SearchHistoryStore: Sendable {
    /// Makes `query` the install's newest entry, replacing an entry equal to it ignoring letter
    /// case (the new spelling wins), then keeps only its `limit` newest. Does nothing for an
    /// install that does not exist (deleted meanwhile).
    func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws
    /// Records `searches` in order, leaving what `record` for each one after another would; returns
    /// each one's failure (nil for a success) at its place: one failing search fails only itself.
    /// A database does it in one transaction (running each alone again when that one fails).
    func record(_ searches: [RecordedSearch], keepingNewest limit: Int) async -> [(any Error)?]
    /// Newest first; with a fragment, only entries containing it ignoring letter case.
    func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry]
    func clear(install: InstallID) async throws
}

extension SearchHistoryStore {
    package func record(_ searches: [RecordedSearch], keepingNewest limit: Int) async -> [(any Error)?] {
        await recordEachAlone(searches, keepingNewest: limit)
    }

    /// One `record` after another, each one's failure at its place.
    package func recordEachAlone(_ searches: [RecordedSearch], keepingNewest limit: Int) async -> [(any Error)?] {
        var failures: [(any Error)?] = []
        for search in searches {
            do {
                try await record(search.query, at: search.date, keepingNewest: limit, install: search.install)
                failures.append(nil)
            } catch {
                failures.append(error)
            }
        }
        return failures
    }
}

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

/// Where search history lives, each entry under its install: a call reads or changes one
/// install's only. Entries are identified ignoring letter case; the store also does the
/// case-insensitive matching of `list(containing:)`.
package protocol SearchHistoryStore: Sendable {
    /// Makes `query` the install's newest entry, replacing an entry equal to it ignoring letter
    /// case (the new spelling wins), then keeps only its `limit` newest. Does nothing for an
    /// install that does not exist (deleted meanwhile).
    func record(_ query: String, at date: Date, keepingNewest limit: Int, install: InstallID) async throws
    /// Newest first; with a fragment, only entries containing it ignoring letter case.
    func list(containing fragment: String?, install: InstallID) async throws -> [SearchHistoryEntry]
    func clear(install: InstallID) async throws
}

import Foundation
import Model

/// What an install takes with it (GET /installs/current/export) and brings to another
/// (POST /installs/current/import): its favorites, each with the snapshot kept of its item and
/// when it was added, newest first; and its search history, newest first. The API writes and
/// reads it as a versioned JSON document (`format`, `version`).
package struct PortableData: Sendable, Equatable {
    /// The document's `format`: a file of anything else is not ours.
    package static let format = "gif-bff-export"
    /// The document's `version`: changed when its shape changes, so an older server refuses a
    /// newer file rather than misread it.
    package static let version = 1

    package var favorites: [Favorite]
    package var history: [SearchHistoryEntry]
    /// When it was exported; absent from a document that does not say.
    package var exportedAt: Date?

    package init(favorites: [Favorite], history: [SearchHistoryEntry], exportedAt: Date? = nil) {
        self.favorites = favorites
        self.history = history
        self.exportedAt = exportedAt
    }
}

/// What an import did, for its answer.
package struct ImportSummary: Sendable, Equatable {
    /// Favorites added.
    package var imported = 0
    /// Favorites the install already had (by id), or named twice in the document: left as they were.
    package var duplicates = 0
    /// Favorites past the cap: not added.
    package var dropped = 0
    /// The install's favorites after the import, and their cap.
    package var favoritesCount = 0
    package var favoritesLimit = 0
    /// The install's search history entries after the import.
    package var historyCount = 0

    package init() {}
}

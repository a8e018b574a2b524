import DemoCatalog

/// `page` (from 1) and `per_page` (1-80, default 15) as Pexels reads them, and the page they make
/// of a list.
package struct PexelsPaging: NumberedPaging, Sendable {
    package static let defaultPerPage = 15
    package static let maxPerPage = 80

    package var page: Int
    package var perPage: Int

    /// nil when either is below 1; a `perPage` past 80 is brought down to it.
    package init?(page: Int, perPage: Int) {
        guard page >= 1, perPage >= 1 else { return nil }
        self.page = page
        self.perPage = min(perPage, Self.maxPerPage)
    }
}

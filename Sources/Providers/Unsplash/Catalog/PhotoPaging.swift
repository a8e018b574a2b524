import DemoCatalog

/// `page` (from 1) and `per_page` (1-30, default 10) as Unsplash reads them, and the page they
/// make of a list.
package struct PhotoPaging: NumberedPaging, Sendable {
    package static let defaultPerPage = 10
    package static let maxPerPage = 30
    /// Unsplash serves no search page past this one.
    package static let lastSearchPage = 200

    package var page: Int
    package var perPage: Int

    /// nil when either is below 1 (Unsplash's 400); a `perPage` past 30 is brought down to it.
    package init?(page: Int, perPage: Int) {
        guard page >= 1, perPage >= 1 else { return nil }
        self.page = page
        self.perPage = min(perPage, Self.maxPerPage)
    }


    /// The search results' page: none past `lastSearchPage`.
    package func searchSlice<T>(of list: [T]) -> [T] {
        page <= Self.lastSearchPage ? slice(of: list) : []
    }
}

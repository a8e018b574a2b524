/// `page` (from 1) and `per_page` (1-30, default 10) as Unsplash reads them, and the page they
/// make of a list.
package struct PhotoPaging: Sendable {
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

    /// Empty past the end.
    package func slice<T>(of list: [T]) -> [T] {
        // Past Int's range is past the end: no product of outside numbers may trap.
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !overflow, start < list.count else { return [] }
        return Array(list[start..<min(list.count, start + perPage)])
    }

    /// The search results' page: none past `lastSearchPage`.
    package func searchSlice<T>(of list: [T]) -> [T] {
        page <= Self.lastSearchPage ? slice(of: list) : []
    }
}

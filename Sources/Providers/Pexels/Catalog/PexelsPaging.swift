/// `page` (from 1) and `per_page` (1-80, default 15) as Pexels reads them, and the page they make
/// of a list.
package struct PexelsPaging: Sendable {
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

    /// Empty past the end.
    package func slice<T>(of list: [T]) -> [T] {
        // Past Int's range is past the end: no product of outside numbers may trap.
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !overflow, start < list.count else { return [] }
        return Array(list[start..<min(list.count, start + perPage)])
    }

    /// Whether a page follows this one in a list of `total` (Pexels' `next_page`).
    package func hasNext(total: Int) -> Bool {
        let (end, overflow) = page.multipliedReportingOverflow(by: perPage)
        return !overflow && end < total
    }
}

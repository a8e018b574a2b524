/// Paging by page number (from 1), `perPage` items a page, as KLIPY, Unsplash and Pexels read it:
/// the part of a list a page is, and whether one follows. Each provider's own type says its
/// bounds (`KlipyPaging`, `PhotoPaging`, `PexelsPaging`); the arithmetic is here, once.
package protocol NumberedPaging {
    var page: Int { get }
    var perPage: Int { get }
}

extension NumberedPaging {
    /// The page's items; empty past the end.
    package func slice<T>(of list: [T]) -> [T] {
        // Past Int's range is past the end: no product of outside numbers may trap.
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !overflow, start < list.count else { return [] }
        return Array(list[start..<min(list.count, start + perPage)])
    }

    /// Whether items lie past this page in a list of `total` (KLIPY's `has_next`, Pexels' `next_page`).
    package func hasNext(total: Int) -> Bool {
        let (end, overflow) = page.multipliedReportingOverflow(by: perPage)
        return !overflow && end < total
    }
}

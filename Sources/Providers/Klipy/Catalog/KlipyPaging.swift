import DemoCatalog

/// `page` (from 1) and `per_page` as KLIPY reads them, and the page they make of a list. Search
/// takes 8-50 a page, trending and items lists 1-50, 24 by default (KLIPY's API reference).
package struct KlipyPaging: NumberedPaging, Sendable, Equatable {
    package static let defaultPerPage = 24
    package static let maxPerPage = 50
    package static let searchMinPerPage = 8

    package var page: Int
    package var perPage: Int

    /// nil outside KLIPY's bounds (its validation error).
    package init?(page: Int, perPage: Int, search: Bool) {
        guard page >= 1, (search ? Self.searchMinPerPage : 1)...Self.maxPerPage ~= perPage else { return nil }
        self.page = page
        self.perPage = perPage
    }
}

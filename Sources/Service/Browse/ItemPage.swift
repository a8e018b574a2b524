import Model
/// A page of GIFs as the API returns it.
package struct ItemPage: Equatable, Sendable {
    package var data: [Item]
    package var pagination: Pagination
    /// True when served from the cache because the upstream failed; absent otherwise.
    package var stale: Bool?
    /// The rating the page was served at (the one asked for, never above the content ceiling);
    /// nil for an upstream that rates nothing.
    package var rating: Rating?
    /// The provider that served the page: with no provider named, the first of the chain that could.
    package var provider: ProviderName?

    package init(data: [Item], pagination: Pagination, stale: Bool? = nil, rating: Rating? = nil, provider: ProviderName? = nil) {
        self.provider = provider
        self.data = data
        self.pagination = pagination
        self.stale = stale
        self.rating = rating
    }

    package static func empty(offset: Int) -> ItemPage {
        ItemPage(data: [], pagination: Pagination(offset: offset, count: 0, totalCount: 0, nextOffset: nil))
    }
}

/// Where a page sits. `next_offset` is null on the last page (the one place we send null:
/// it says "there is no next page", which a client needs to know rather than guess).
package struct Pagination: Equatable, Sendable {
    package var offset: Int
    /// GIFs in this page, after de-duplication.
    package var count: Int
    /// Absent when the upstream does not say.
    package var totalCount: Int?
    package var nextOffset: Int?

    package init(offset: Int, count: Int, totalCount: Int?, nextOffset: Int?) {
        self.offset = offset
        self.count = count
        self.totalCount = totalCount
        self.nextOffset = nextOffset
    }
}

/// One page of items as the upstream gave it (before our de-duplication). Its JSON form, for the
/// response cache only, is in Wire (UpstreamPage+JSON.swift). Its numbers are believed only within
/// `UpstreamNumber.count`, whoever makes the page (a provider's reader, the cache, a test), so
/// paging on them cannot overflow.
package struct UpstreamPage: Sendable, Equatable {
    package var items: [Item]
    /// Not every endpoint reports it; a total past belief is none.
    package let totalCount: Int?
    /// The items the upstream counted in this page (it may have sent some we could not map); a
    /// count past belief is the items' own.
    package let count: Int
    package let offset: Int

    /// The most items a reader reserves room for at once (no provider sends more a page: GIPHY
    /// 50, Unsplash 30). An upstream's list may hold many elements that are not items (a number
    /// each byte or two), and room for an Item each would be a hundredfold the body.
    package static let itemsReservedAtMost = 50

    package init(items: [Item], totalCount: Int?, count: Int, offset: Int) {
        self.items = items
        self.totalCount = UpstreamNumber.count.believing(totalCount)
        self.count = UpstreamNumber.count.believing(count) ?? items.count
        self.offset = UpstreamNumber.count.believing(offset) ?? 0
    }
}

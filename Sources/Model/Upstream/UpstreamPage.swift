/// One page of items as the upstream gave it (before our de-duplication). Its JSON form, for the
/// response cache only, is in Wire (UpstreamPage+JSON.swift). Its numbers are believed only within
/// `UpstreamNumber.count`, whoever makes the page (a provider's reader, the cache, a test), so
/// paging on them cannot overflow.
public struct UpstreamPage: Sendable, Equatable {
    public var items: [Item]
    /// Not every endpoint reports it; a total past belief is none.
    public let totalCount: Int?
    /// The items the upstream counted in this page (it may have sent some we could not map); a
    /// count past belief is the items' own.
    public let count: Int
    public let offset: Int

    public init(items: [Item], totalCount: Int?, count: Int, offset: Int) {
        self.items = items
        self.totalCount = UpstreamNumber.count.believing(totalCount)
        self.count = UpstreamNumber.count.believing(count) ?? items.count
        self.offset = UpstreamNumber.count.believing(offset) ?? 0
    }
}

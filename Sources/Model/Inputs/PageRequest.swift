/// Where a page starts and how long it is. A provider's own ranges (`ProviderRules`) are checked
/// where the request is read; this type only refuses what no provider serves.
package struct PageRequest: Sendable, Hashable {
    package let offset: Int
    package let limit: Int

    /// Nil for a negative offset or a limit below 1, and for what no upstream counts to
    /// (`UpstreamNumber.count`), so paging adds within `Int`.
    package init?(offset: Int, limit: Int) {
        guard UpstreamNumber.count.contains(offset), limit >= 1, limit <= UpstreamNumber.count.upperBound else { return nil }
        self.offset = offset
        self.limit = limit
    }
}

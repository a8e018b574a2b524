/// Where a page starts and how long it is. A provider's own ranges (`ProviderRules`) are checked
/// where the request is read; this type only refuses what no provider serves.
public struct PageRequest: Sendable, Hashable {
    public let offset: Int
    public let limit: Int

    /// Nil for a negative offset or a limit below 1.
    public init?(offset: Int, limit: Int) {
        guard offset >= 0, limit >= 1 else { return nil }
        self.offset = offset
        self.limit = limit
    }
}

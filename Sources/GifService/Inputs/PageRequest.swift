/// Which slice of a result set to fetch. The ranges are the service's rules; the API checks query
/// text against them (naming the parameter at fault) before building one.
public struct PageRequest: Sendable, Hashable {
    public static let defaultLimit = 24
    public static let limitRange = 1...50
    /// GIPHY answers nothing at offset 5000 and above.
    public static let offsetRange = 0...4999
    /// GIPHY's trending endpoint stops at 499; refusing more here beats a mapped upstream error.
    public static let trendingOffsetRange = 0...499

    public let offset: Int
    public let limit: Int

    /// The start of a result set, default length.
    public static let first = PageRequest(checkedOffset: 0, limit: defaultLimit)

    /// Nil when either value is outside its range.
    public init?(offset: Int, limit: Int) {
        guard Self.offsetRange.contains(offset), Self.limitRange.contains(limit) else { return nil }
        self.init(checkedOffset: offset, limit: limit)
    }

    private init(checkedOffset offset: Int, limit: Int) {
        self.offset = offset
        self.limit = limit
    }
}

/// What a provider's upstream accepts, so requests it would refuse are refused here, clearly
/// (400 naming the parameter), instead of coming back as a mapped upstream error. Each provider
/// states its own; the service checks requests against them.
public struct ProviderRules: Sendable, Equatable {
    public var defaultLimit: Int
    public var limitRange: ClosedRange<Int>
    public var searchOffsetRange: ClosedRange<Int>
    public var trendingOffsetRange: ClosedRange<Int>
    /// The upstream pages by page number, not by offset: an offset must be a multiple of the limit.
    public var offsetsAreWholePages: Bool
    /// `order_by` values for search and trending, the first being the default; empty: no ordering.
    public var searchOrders: [String]
    public var trendingOrders: [String]
    /// The media types it serves; the first is its default.
    public var mediaTypes: [MediaType]
    /// The rendition a saved item's file comes from (the full-size one).
    public var downloadRendition: String
    public var naming: UpstreamNaming

    public init(defaultLimit: Int, limitRange: ClosedRange<Int>, searchOffsetRange: ClosedRange<Int>,
                trendingOffsetRange: ClosedRange<Int>, offsetsAreWholePages: Bool = false, searchOrders: [String] = [],
                trendingOrders: [String] = [], mediaTypes: [MediaType], downloadRendition: String,
                naming: UpstreamNaming) {
        self.naming = naming
        self.defaultLimit = defaultLimit
        self.limitRange = limitRange
        self.searchOffsetRange = searchOffsetRange
        self.trendingOffsetRange = trendingOffsetRange
        self.offsetsAreWholePages = offsetsAreWholePages
        self.searchOrders = searchOrders
        self.trendingOrders = trendingOrders
        self.mediaTypes = mediaTypes
        self.downloadRendition = downloadRendition
    }

    /// GIPHY's: pages of 1 to 50 (24 by default); search answers nothing at offset 5000 and
    /// above, trending stops at 499; GIFs and stickers; no ordering.
    public static let giphy = ProviderRules(
        defaultLimit: 24, limitRange: 1...50, searchOffsetRange: 0...4999, trendingOffsetRange: 0...499,
        mediaTypes: [.gifs, .stickers], downloadRendition: "original", naming: .giphy)
}

/// How error details name a provider and the setting holding its key.
public struct UpstreamNaming: Sendable, Equatable {
    public var displayName: String
    public var keySetting: String

    public init(displayName: String, keySetting: String) {
        self.displayName = displayName
        self.keySetting = keySetting
    }

    public static let giphy = UpstreamNaming(displayName: "GIPHY", keySetting: "GIPHY_API_KEY")
}

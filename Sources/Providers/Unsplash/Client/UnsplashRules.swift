import GifService

extension UnsplashClient {
    /// What Unsplash accepts: 1-30 photos a page (30 by default), pages by number (so an offset
    /// is a multiple of the limit), `order_by` relevant/latest on search and latest/popular on the
    /// editorial feed, photos only (no `type`), and the `full` rendition for saving.
    public static let rules = ProviderRules(
        defaultLimit: 30, limitRange: 1...30, searchOffsetRange: PageRequest.offsetRange,
        trendingOffsetRange: PageRequest.trendingOffsetRange, offsetsAreWholePages: true,
        searchOrders: ["relevant", "latest"], trendingOrders: ["latest", "popular"], mediaTypes: [],
        downloadRendition: "full", naming: UpstreamNaming(displayName: "Unsplash", keySetting: "UNSPLASH_ACCESS_KEY"))
}

/// What a provider's upstream accepts, so requests it would refuse are refused here, clearly
/// (400 naming the parameter), instead of coming back as a mapped upstream error. Each provider
/// states its own; the service checks requests against them.
package struct ProviderRules: Sendable, Equatable {
    package var defaultLimit: Int
    package var limitRange: ClosedRange<Int>
    package var searchOffsetRange: ClosedRange<Int>
    package var trendingOffsetRange: ClosedRange<Int>
    /// The upstream pages by page number, not by offset: an offset must be a multiple of the limit.
    package var offsetsAreWholePages: Bool
    /// `order_by` values for search and trending, the first being the default; empty: no ordering.
    package var searchOrders: [String]
    package var trendingOrders: [String]
    /// The media types it serves; the first is its default. A provider serving `.gifs` can draw
    /// decks and offers search terms (autocomplete, trending searches).
    package var mediaTypes: [MediaType]
    /// The rendition a saved item's file comes from (the full-size one).
    package var downloadRendition: String
    package var naming: UpstreamNaming
    /// The upstream's smaller answer for list views (GIPHY's rendition bundle), named by the
    /// renditions it leaves out; nil when the upstream has none.
    package var compactSetOmits: Set<String>?
    /// The upstream rates each item (GIPHY's `rating`) and takes a rating to filter by, so the
    /// content ceiling applies to it; an upstream that rates nothing (Unsplash) is not filtered.
    package var ratesItems: Bool

    package init(defaultLimit: Int, limitRange: ClosedRange<Int>, searchOffsetRange: ClosedRange<Int>,
                trendingOffsetRange: ClosedRange<Int>, offsetsAreWholePages: Bool = false, searchOrders: [String] = [],
                trendingOrders: [String] = [], mediaTypes: [MediaType], downloadRendition: String,
                naming: UpstreamNaming, compactSetOmits: Set<String>? = nil, ratesItems: Bool = false) {
        self.ratesItems = ratesItems
        self.naming = naming
        self.compactSetOmits = compactSetOmits
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
}

/// How error details name a provider and the setting holding its key.
package struct UpstreamNaming: Sendable, Equatable {
    package var displayName: String
    package var keySetting: String

    package init(displayName: String, keySetting: String) {
        self.displayName = displayName
        self.keySetting = keySetting
    }
}

extension ProviderRules {
    /// Whether the upstream's compact set holds every rendition `selection` names, so only it
    /// need be asked for.
    package func compactSetHolds(_ selection: RenditionSelection) -> Bool {
        guard let omitted = compactSetOmits else { return false }
        return switch selection {
        case .all: false
        // The omitted set's few names compared with the selection's: no string hashed (hashing
        // the selection's names into the set was 1.6% of a cached page's user time).
        case .named(let names): !omitted.contains(where: names.contains)
        }
    }

    /// Whether it serves GIFs (decks, autocomplete and trending searches are GIF features).
    package var servesGIFs: Bool { mediaTypes.contains(.gifs) }

    /// GIFs when it serves them (stickers or not), else photos.
    package var kind: ItemKind { servesGIFs ? .gifs : .photos }
}

/// The most mature rating the server serves (`GIF_BFF_MAX_RATING`), which no request can raise.
/// The one place ratings are read against it: what rating an upstream is asked for, and whether an
/// item may be served at all, whatever asked for it (a page, a detail, a favorite, a deck, a pick).
package struct ContentCeiling: Sendable, Hashable {
    package let rating: Rating

    package init(_ rating: Rating) { self.rating = rating }

    /// No ceiling: r, GIPHY's most mature rating, lets every item through (the behaviour before it).
    package static let none = ContentCeiling(.r)

    /// The rating a request is served at: the one it asked for, else `defaultRating`, never above
    /// the ceiling. Upstream calls and cache keys carry this one, so an answer asked above the
    /// ceiling is never fetched or stored for it. An upstream that rates nothing (`ratesItems`
    /// false: Unsplash) is sent the ceiling itself, the one rating that means something there
    /// (Unsplash's client makes it its `content_filter`).
    package func rating(asked: Rating?, default defaultRating: Rating, ratesItems: Bool) -> Rating {
        ratesItems ? min(asked ?? defaultRating, rating) : rating
    }

    /// Whether the item may be served. Items of an upstream that rates none (`ratesItems` false:
    /// Unsplash) have nothing to read. An upstream's own rating is read as GIPHY writes it, any
    /// case; "y" (GIPHY's youngest) is below g. Below r, an item whose rating is missing or not
    /// one of these is refused: what is unknown is not known to be mild enough.
    package func admits(_ item: Item, ratesItems: Bool) -> Bool {
        admits(rating: item.rating, ratesItems: ratesItems)
    }

    /// The same rule for an item known by its rating alone, as its upstream writes it (a demo
    /// catalog's GIF behind a media link).
    package func admits(rating text: String?, ratesItems: Bool) -> Bool {
        guard ratesItems, rating != .r else { return true }
        guard let text else { return false }
        if text.lowercased() == Self.youngest { return true }
        return Rating(text).map { $0 <= rating } ?? false
    }

    /// GIPHY's "y", milder than g, which the API takes as no request's rating.
    private static let youngest = "y"
}

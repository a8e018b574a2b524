import Model

extension ProviderName {
    package static let pexels = ProviderName(known: "pexels")
}

/// What the service needs to know of Pexels, in Pexels' folder: a namespace of values apart from
/// the client, so decoding and mapping compile without the transport.
package enum Pexels {
    /// Pexels takes 1-80 photos a page (`per_page`, 15 by default) and pages by number (so an
    /// offset is a multiple of the limit); ours stay within openapi.yaml's one range for `limit`
    /// (1-50) and GIPHY's offset ranges. No ordering, no media types, no rating of any photo
    /// (`ratesItems` false: the content ceiling has nothing to filter here); the original is the
    /// file saved (`full`).
    package static let rules = ProviderRules(
        defaultLimit: 30, limitRange: 1...50, searchOffsetRange: 0...4999, trendingOffsetRange: 0...499,
        offsetsAreWholePages: true, mediaTypes: [], downloadRendition: "full",
        naming: UpstreamNaming(displayName: "Pexels", keySetting: "PEXELS_API_KEY"))

    /// Pexels' own most per page: a larger `per_page` is brought down to it.
    package static let maxPerPage = 80
    /// What Pexels sends a page when `per_page` is not sent.
    package static let defaultPerPage = 15

    /// The page an offset and limit name: `page` from 1, `per_page` photos each; the service sends
    /// offsets that are multiples of the limit.
    package static func page(offset: Int, limit: Int) -> (page: Int, perPage: Int) {
        let perPage = min(max(1, limit), maxPerPage)
        return (offset / perPage + 1, perPage)
    }

    /// Our photo renditions, each from one of Pexels' `src` sizes, and the box that size is fitted
    /// in (`w`, `h`; nil: not bounded that way): `small` is 130 high, `medium` 350 high, `large`
    /// within 940 x 650, `original` the photo itself. Pexels' `large2x` (`large` at twice the
    /// density) and its crops (`portrait` 800 x 1200, `landscape` 1200 x 627, `tiny` 280 x 200:
    /// not the photo's ratio) have no rendition of ours.
    package static let renditions: [(name: String, source: String, box: (width: Int?, height: Int?))] = [
        ("thumb", "small", (nil, 130)), ("small", "medium", (nil, 350)), ("regular", "large", (940, 650)),
        ("full", "original", (nil, nil)),
    ]

    /// The size Pexels' image host serves a photo at within a box: the photo's ratio, never larger
    /// than the original, each side rounded and never 0. The one rule for what an answer states
    /// and what the demo media draws.
    package static func renditionSize(width: Int, height: Int, box: (width: Int?, height: Int?)) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (max(1, width), max(1, height)) }
        var scale = 1.0
        if let boxWidth = box.width { scale = min(scale, Double(boxWidth) / Double(width)) }
        if let boxHeight = box.height { scale = min(scale, Double(boxHeight) / Double(height)) }
        guard scale < 1 else { return (width, height) }
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}

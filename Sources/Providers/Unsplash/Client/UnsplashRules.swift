import Model

extension ProviderName {
    package static let unsplash = ProviderName(known: "unsplash")
}

/// What the service needs to know of Unsplash, in Unsplash's folder: a namespace of values apart
/// from the client, so decoding and mapping compile without the transport.
package enum Unsplash {
    /// What Unsplash accepts: 1-30 photos a page (30 by default), pages by number (so an offset
    /// is a multiple of the limit), `order_by` relevant/latest on search and latest/popular on the
    /// editorial feed, photos only (no `type`), and the `full` rendition for saving. The offset
    /// ranges are GIPHY's, as openapi.yaml states one range per parameter; Unsplash's own end
    /// (page 200, offset 5970 at 30 a page) lies past them.
    package static let rules = ProviderRules(
        defaultLimit: 30, limitRange: 1...30, searchOffsetRange: 0...4999,
        trendingOffsetRange: 0...499, offsetsAreWholePages: true,
        searchOrders: ["relevant", "latest"], trendingOrders: ["latest", "popular"], mediaTypes: [],
        downloadRendition: "full", naming: UpstreamNaming(displayName: "Unsplash", keySetting: "UNSPLASH_ACCESS_KEY"))

    /// The page an offset and limit name: Unsplash pages by number (`page` from 1, `per_page`
    /// photos each); the service sends offsets that are multiples of the limit.
    package static func page(offset: Int, limit: Int) -> (page: Int, perPage: Int) {
        let perPage = max(1, limit)
        return (offset / perPage + 1, perPage)
    }

    /// A sized rendition's size: `target` wide (at most the original's), the original's ratio,
    /// height rounded and never 0 (Unsplash's `w=` with `fit=max`). The one rule for what an answer
    /// states and what the demo media draws.
    package static func renditionSize(width: Int, height: Int, at target: Int?) -> (width: Int, height: Int) {
        guard let target, target < width else { return (width, height) }
        let scaledHeight = (Double(height) * Double(target) / Double(width)).rounded()
        return (target, max(1, Int(scaledHeight)))
    }
}

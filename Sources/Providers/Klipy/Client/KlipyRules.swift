import Model

extension ProviderName {
    package static let klipy = ProviderName(known: "klipy")
}

/// What the service needs to know of KLIPY, in KLIPY's folder: a namespace of values apart from
/// the client, so decoding and mapping compile without the transport.
package enum Klipy {
    /// What KLIPY accepts (its API reference): 8-50 items a search page (24 by default; trending
    /// takes 1-50, the stricter range is ours for both), pages by number (so an offset is a
    /// multiple of the limit), GIFs and stickers, no order. The offset ranges are GIPHY's, as
    /// openapi.yaml states one range per parameter. KLIPY rates no item: the content ceiling
    /// becomes its `content_filter` (`contentFilter(for:)`).
    package static let rules = ProviderRules(
        defaultLimit: 24, limitRange: 8...50, searchOffsetRange: 0...4999, trendingOffsetRange: 0...499,
        offsetsAreWholePages: true, mediaTypes: [.gifs, .stickers], downloadRendition: "original",
        naming: UpstreamNaming(displayName: "KLIPY", keySetting: "KLIPY_API_KEY"))

    /// The page an offset and limit name: KLIPY pages by number (`page` from 1, `per_page` each).
    package static func page(offset: Int, limit: Int) -> (page: Int, perPage: Int) {
        let perPage = max(1, limit)
        return (offset / perPage + 1, perPage)
    }

    /// KLIPY's `content_filter` for the rating sent (the server's content ceiling: KLIPY rates no
    /// item, so the service sends the ceiling itself): g high, pg medium, pg-13 low. At r (no
    /// ceiling) none is sent and KLIPY's own default applies, as Unsplash's does at r.
    package static func contentFilter(for rating: String?) -> String? {
        guard let rating = rating.flatMap(Rating.init) else { return nil }
        switch rating {
        case .g: return "high"
        case .pg: return "medium"
        case .pg13: return "low"
        default: return nil
        }
    }

    /// The formats asked for (`format_filter`): those our renditions carry. KLIPY's `webm` is
    /// never mapped, so never asked for.
    package static let servedFormats = "gif,webp,jpg,mp4"

    /// What KLIPY asks apps to show ("Powered by KLIPY", its attribution guidelines), linking KLIPY.
    package static let attribution = Attribution(text: "Powered by KLIPY", providerURL: "https://klipy.com")

    /// Our upstream id for a KLIPY item: its number for a GIF, `sticker-` and its number for a
    /// sticker, so a sticker's detail is looked up among stickers.
    package static func upstreamID(id: String, sticker: Bool) -> String {
        sticker ? stickerPrefix + id : id
    }

    /// KLIPY's id and kind from our upstream id; nil for one KLIPY could not have sent.
    package static func lookup(_ upstreamID: String) -> (id: String, sticker: Bool)? {
        let sticker = upstreamID.hasPrefix(stickerPrefix)
        let id = sticker ? String(upstreamID.dropFirst(stickerPrefix.count)) : upstreamID
        guard !id.isEmpty, id.utf8.count <= 20, id.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return (id, sticker)
    }

    static let stickerPrefix = "sticker-"
}

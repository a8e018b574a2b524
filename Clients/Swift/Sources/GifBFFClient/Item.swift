import Foundation

/// One item for a grid or a detail screen, from any provider: a GIF from GIPHY or KLIPY, or a
/// photo from Unsplash or Pexels. What an item does not have is nil (gif-bff leaves it out rather than sending
/// an empty value), so a screen can hide the row: `if let likes = item.likes { ... }`.
public struct Item: Sendable, Hashable, Identifiable {
    /// Unique across providers: a GIPHY id as is, an Unsplash id as `unsplash:<id>`.
    public let id: String
    public let provider: Provider
    public let title: String?
    /// What VoiceOver reads: the provider's description of the image, else nil (use `accessibilityLabel`).
    public let altText: String?
    /// The item's page on the provider's site.
    public let pageURL: URL?
    /// Ready to share: the title (or the photo's description and author) and a link.
    public let shareText: String
    /// The short link, when the provider gives one.
    public let shareURL: URL?
    public let author: Author?
    /// When it was uploaded (GIPHY) or taken (Unsplash).
    public let createdAt: Date?
    /// Whether it is a favorite now.
    public let isFavorite: Bool
    /// When it was made a favorite; set on the items of `favorites()` and `addFavorite`.
    public let addedToFavoritesAt: Date?
    /// Renditions by name: GIPHY's `fixed_width`, `still`, `original`, …; Unsplash's `thumb`,
    /// `small`, `regular`, `full`, `raw`. Lists carry a few, `item(id:)` carries every one.
    public let renditions: [String: Rendition]
    /// The full-size image's pixels (photos); for GIFs see `renditions["original"]`.
    public let width: Int?
    public let height: Int?
    /// The photo's dominant colour, `#rrggbb`: a placeholder while the image loads.
    public let color: String?
    /// A BlurHash of the photo: a blurred placeholder while the image loads.
    public let blurHash: String?
    /// Likes on Unsplash.
    public let likes: Int?
    public let location: PhotoLocation?
    public let camera: PhotoCamera?
    /// GIPHY's content rating (g, pg, pg-13, r).
    public let rating: String?
    /// What the provider's terms ask an app to show beside the item; nil only when neither the
    /// server nor this client knows the provider's wording.
    public let attribution: Attribution?
    /// True for a saved copy gif-bff served because the provider could not be asked.
    public let isStale: Bool

    /// GIFs move; photos do not.
    public var isAnimated: Bool { provider.kind == .gifs }

    /// Width over height, for a cell that keeps the image's ratio; nil when no size is known.
    public var aspectRatio: Double? {
        if let width, let height, width > 0, height > 0 { return Double(width) / Double(height) }
        return fullSize.flatMap { $0.height > 0 ? Double($0.width) / Double($0.height) : nil }
    }

    /// For VoiceOver: the alt text, else the title, else what the item is.
    public var accessibilityLabel: String { altText ?? title ?? (isAnimated ? "GIF" : "Photo") }

    /// The image a grid cell shows: GIPHY's `fixed_width` (200 px wide), Unsplash's `small` (400 px).
    public var thumbnail: Rendition? { firstRendition(of: ["fixed_width", "small", "still", "thumb", "fixed_height", "downsized", "regular", "original"]) }

    /// The image a detail screen shows: Unsplash's `regular` (1080 px wide), GIPHY's `original`.
    public var detailImage: Rendition? { firstRendition(of: ["regular", "original", "downsized", "fixed_width", "small", "full"]) }

    /// The largest image: Unsplash's `full` (or `raw`), GIPHY's `original`. To save one, call
    /// `GifBFF.download(id:)`, which also tells Unsplash of the download as its terms ask.
    public var fullSize: Rendition? { firstRendition(of: ["full", "raw", "original", "regular", "downsized"]) }

    /// The narrowest rendition at least `width` pixels wide, else the widest: the right image for
    /// any column width (pass points × scale). `still` picks among still images only.
    public func rendition(atLeast width: Int, still: Bool = false) -> Rendition? {
        let candidates = renditions.values.filter { !still || $0.isStill }.sorted { ($0.width, $0.name) < ($1.width, $1.name) }
        return candidates.first { $0.width >= width } ?? candidates.last
    }

    private func firstRendition(of names: [String]) -> Rendition? {
        names.lazy.compactMap { renditions[$0] }.first
    }
}

/// Where an item comes from. An open set: a newer server may name a provider this client does
/// not know, and it is kept as written.
public struct Provider: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// GIFs and stickers.
    public static let giphy = Provider(rawValue: "giphy")
    /// GIFs and stickers.
    public static let klipy = Provider(rawValue: "klipy")
    /// Photos.
    public static let unsplash = Provider(rawValue: "unsplash")
    /// Photos.
    public static let pexels = Provider(rawValue: "pexels")

    /// What the provider serves, for the providers this client knows; nil for another.
    public var kind: Kind? {
        switch self {
        case .giphy, .klipy: .gifs
        case .unsplash, .pexels: .photos
        default: nil
        }
    }

    public var description: String { rawValue }
}

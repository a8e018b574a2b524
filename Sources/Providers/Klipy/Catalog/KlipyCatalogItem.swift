/// One GIF or sticker of the KLIPY demo catalog, with what KLIPY sends about it.
package struct KlipyCatalogItem: Sendable {
    /// KLIPY's id: a number of 16 digits, which JSON carries as a number.
    package var id: Int
    /// KLIPY's slug: the title's words and a number (`hello-hi-662`).
    package var slug: String
    package var title: String
    package var kind: KlipyKind
    package var tags: [String]
    package var topic: String
    /// The `hd` GIF's size; the smaller sizes follow from it (`KlipySize`).
    package var width: Int
    package var height: Int
    /// How far KLIPY's `content_filter` lets it through: 0 passes `high`, 1 `medium`, 2 `low`,
    /// 3 only `off` (`KlipyContentFilter`).
    package var maturity: Int
    /// The trending order: higher first.
    package var popularity: Int

    /// What a search matches against, lowercased.
    var searchableText: String {
        ([title, topic] + tags).joined(separator: " ").lowercased()
    }
}

/// KLIPY's two kinds gif-bff serves: `/gifs/...` and `/stickers/...`, each item's `type`.
package enum KlipyKind: String, Sendable, CaseIterable {
    case gif
    case sticker

    /// The path segment of its endpoints.
    package var collection: String { self == .gif ? "gifs" : "stickers" }

    /// From a path segment ("gifs", "stickers"); nil for another.
    package init?(collection: String) {
        guard let kind = Self.allCases.first(where: { $0.collection == collection }) else { return nil }
        self = kind
    }
}

/// KLIPY's four sizes of every item (`file.hd`, `md`, `sm`, `xs`), largest first, and the width
/// each is made at: `hd` the original, `md` at most 320, `sm` 220, `xs` 90 (never upscaled), the
/// height from the original's ratio. Its mp4 at `sm` and `xs` is larger than its GIF (320 and
/// 150, as KLIPY's own answers show): a quirk the fake keeps.
package enum KlipySize: String, Sendable, CaseIterable {
    case hd, md, sm, xs

    var targetWidth: Int? {
        switch self {
        case .hd: nil
        case .md: 320
        case .sm: 220
        case .xs: 90
        }
    }

    var mp4TargetWidth: Int? {
        switch self {
        case .hd, .md: targetWidth
        case .sm: 320
        case .xs: 150
        }
    }

    /// The size at this size of an original `width` x `height`.
    package func size(width: Int, height: Int, mp4: Bool = false) -> (width: Int, height: Int) {
        guard let target = mp4 ? mp4TargetWidth : targetWidth, target < width, width > 0 else { return (width, height) }
        let scaled = (Double(height) * Double(target) / Double(width)).rounded()
        return (target, max(1, Int(scaled)))
    }
}

/// KLIPY's `content_filter` levels, strictest last; what each lets through (`maturity`).
package enum KlipyContentFilter: String, Sendable, CaseIterable {
    case off, low, medium, high

    /// The most mature item the level lets through.
    package var highestMaturity: Int {
        switch self {
        case .off: 3
        case .low: 2
        case .medium: 1
        case .high: 0
        }
    }
}

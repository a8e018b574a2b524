import DemoCatalog

/// The KLIPY demo catalog: the same GIFs and stickers on every run, with KLIPY's listing rules
/// (search by words, a trending order, kinds, the content filter). The fake KLIPY serves it over
/// HTTP with KLIPY's JSON; gif-bff's demo serves it in-process. It knows neither.
package struct KlipyCatalog: Sendable {
    package var items: [KlipyCatalogItem]
    /// Set in demo mode: the pictures are gif-bff's own (`withMedia(at:)`).
    package var demoMediaBase: String?
    private var byID: [Int: Int]

    package init(items: [KlipyCatalogItem]) {
        self.items = items
        byID = Dictionary(items.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// Built once from a fixed seed.
    package static let standard: KlipyCatalog = {
        var builder = KlipyCatalogBuilder(seed: 0x6B6C_6970_7921)
        return KlipyCatalog(items: builder.build())
    }()

    package func item(id: Int) -> KlipyCatalogItem? { byID[id].map { items[$0] } }

    /// Items whose text holds every word of `query` (any case), of `kind`, that `filter` lets
    /// through, in catalog order. Words are split at spaces; a blank query matches nothing.
    package func search(_ query: String, kind: KlipyKind, filter: KlipyContentFilter) -> [KlipyCatalogItem] {
        let words = query.lowercased().split(whereSeparator: { $0 == " " || $0 == "+" }).map(String.init)
        guard !words.isEmpty else { return [] }
        return listed(kind: kind, filter: filter).filter { item in
            let text = item.searchableText
            return words.allSatisfy { text.contains($0) }
        }
    }

    /// The trending list: most popular first, ties in catalog order.
    package func trending(kind: KlipyKind, filter: KlipyContentFilter) -> [KlipyCatalogItem] {
        listed(kind: kind, filter: filter).enumerated()
            .sorted { ($0.element.popularity, -$0.offset) > ($1.element.popularity, -$1.offset) }.map(\.element)
    }

    private func listed(kind: KlipyKind, filter: KlipyContentFilter) -> [KlipyCatalogItem] {
        items.filter { $0.kind == kind && $0.maturity <= filter.highestMaturity }
    }

    /// The same catalog with every picture at `base` (gif-bff's demo media):
    /// `{base}/klipy/{id}/{size}.gif` and `.jpg`; the demo draws no mp4 or webp.
    package func withMedia(at base: String) -> KlipyCatalog {
        var moved = self
        moved.demoMediaBase = base
        return moved
    }
}

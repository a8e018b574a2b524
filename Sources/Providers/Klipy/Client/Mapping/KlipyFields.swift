import Model

/// What one KLIPY item says, already read (from its JSON by `KlipyMapping`, or from the demo
/// catalog): text trimmed and nil when blank, links checked, numbers believed.
/// `KlipyMapping.item` is the one place these become our item.
package struct KlipyFields: Sendable {
    /// KLIPY's id, as digits.
    package var id: String?
    package var sticker: Bool
    package var slug: String?
    package var title: String?
    /// Ours, from KLIPY's sizes (`KlipyRenditions`).
    package var images: Renditions

    package init(id: String?, sticker: Bool, slug: String?, title: String?, images: Renditions) {
        (self.id, self.sticker, self.slug, self.title, self.images) = (id, sticker, slug, title, images)
    }
}

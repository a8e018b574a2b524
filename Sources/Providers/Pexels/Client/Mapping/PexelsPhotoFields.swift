import Model

/// What one Pexels photo says, already read (from its JSON by `PexelsMapping`, or from the demo
/// catalog): text trimmed and nil when blank, links checked, numbers believed. `PexelsMapping.item`
/// is the one place these become our item.
package struct PexelsPhotoFields: Sendable {
    /// Pexels' id, a number, as text.
    package var id: String?
    /// The original's size.
    package var width: Int?
    package var height: Int?
    /// `src` by Pexels' size name (`original`, `large`, ...), usable links only.
    package var sources: [String: String]
    /// The photo's page on pexels.com (`url`).
    package var page: String?
    package var photographer: String?
    package var photographerURL: String?
    /// `avg_color`, "#978E82".
    package var averageColor: String?
    /// `alt`, the photo's description for screen readers ("" when Pexels has none).
    package var alt: String?

    package init(id: String?, width: Int?, height: Int?, sources: [String: String], page: String? = nil,
                photographer: String? = nil, photographerURL: String? = nil, averageColor: String? = nil, alt: String? = nil) {
        (self.id, self.width, self.height, self.sources, self.page) = (id, width, height, sources, page)
        (self.photographer, self.photographerURL, self.averageColor, self.alt) = (photographer, photographerURL, averageColor, alt)
    }
}

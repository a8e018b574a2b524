import Model

/// What one GIF of GIPHY's says, already read (from its JSON by `GIFMapping.gif`, or from the
/// demo catalog): text trimmed and nil when blank, links checked. `GIFMapping.item` is the one
/// place these become our GIF.
package struct GIFFields: Sendable {
    package var id: String?
    /// The GIF's page.
    package var page: String?
    package var title: String?
    package var altText: String?
    package var rating: String?
    package var shareURL: String?
    /// The top-level `username`, which GIPHY leaves empty for some GIFs that have a user.
    package var username: String?
    package var user: Author?
    /// `create_datetime` and `import_datetime` as GIPHY writes them.
    package var created: String?
    package var imported: String?
    /// Ours, chosen from GIPHY's renditions by `GIFMapping.images`.
    package var images: Renditions
    package var analytics: UpstreamLinks?

    package init(id: String?, page: String?, title: String? = nil, altText: String? = nil, rating: String? = nil,
                shareURL: String? = nil, username: String? = nil, user: Author? = nil, created: String? = nil,
                imported: String? = nil, images: Renditions = [:], analytics: UpstreamLinks? = nil) {
        (self.id, self.page, self.title, self.altText, self.rating) = (id, page, title, altText, rating)
        (self.shareURL, self.username, self.user, self.created, self.imported) = (shareURL, username, user, created, imported)
        (self.images, self.analytics) = (images, analytics)
    }
}

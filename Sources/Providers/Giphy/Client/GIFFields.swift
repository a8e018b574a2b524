import Service

/// What one GIF of GIPHY's says, already read (from its JSON by `GIFMapping.gif`, or from the
/// demo catalog): text trimmed and nil when blank, links checked. `GIFMapping.item` is the one
/// place these become our GIF.
public struct GIFFields: Sendable {
    public var id: String?
    /// The GIF's page.
    public var page: String?
    public var title: String?
    public var altText: String?
    public var rating: String?
    public var shareURL: String?
    /// The top-level `username`, which GIPHY leaves empty for some GIFs that have a user.
    public var username: String?
    public var user: Author?
    /// `create_datetime` and `import_datetime` as GIPHY writes them.
    public var created: String?
    public var imported: String?
    /// Ours, chosen from GIPHY's renditions by `GIFMapping.images`.
    public var images: [String: Rendition]
    public var analytics: UpstreamLinks?

    public init(id: String?, page: String?, title: String? = nil, altText: String? = nil, rating: String? = nil,
                shareURL: String? = nil, username: String? = nil, user: Author? = nil, created: String? = nil,
                imported: String? = nil, images: [String: Rendition] = [:], analytics: UpstreamLinks? = nil) {
        (self.id, self.page, self.title, self.altText, self.rating) = (id, page, title, altText, rating)
        (self.shareURL, self.username, self.user, self.created, self.imported) = (shareURL, username, user, created, imported)
        (self.images, self.analytics) = (images, analytics)
    }
}

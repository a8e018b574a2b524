import Service

/// What one photo of Unsplash's says, already read (from its JSON by `PhotoMapping`, or from the
/// demo catalog): text trimmed and nil when blank, links checked, numbers believed.
/// `PhotoMapping.item` is the one place these become our item.
public struct PhotoFields: Sendable {
    public var id: String?
    /// The original's size.
    public var width: Int?
    public var height: Int?
    /// Ours, sized from the original's by `PhotoRenditions.images`.
    public var images: [String: Rendition]
    /// The photo's page (`links.html`).
    public var page: String?
    public var description: String?
    public var altDescription: String?
    /// ISO 8601, as Unsplash writes it.
    public var createdAt: String?
    public var color: String?
    public var blurHash: String?
    public var likes: Int?
    public var user: Author?
    /// On the detail only (a photo by id, a random one), as at Unsplash.
    public var location: PhotoLocation?
    public var camera: PhotoCamera?
    public var downloadLocation: String?

    public init(id: String?, width: Int?, height: Int?, images: [String: Rendition], page: String? = nil,
                description: String? = nil, altDescription: String? = nil, createdAt: String? = nil, color: String? = nil,
                blurHash: String? = nil, likes: Int? = nil, user: Author? = nil, location: PhotoLocation? = nil,
                camera: PhotoCamera? = nil, downloadLocation: String? = nil) {
        (self.id, self.width, self.height, self.images, self.page) = (id, width, height, images, page)
        (self.description, self.altDescription, self.createdAt, self.color) = (description, altDescription, createdAt, color)
        (self.blurHash, self.likes, self.user, self.location) = (blurHash, likes, user, location)
        (self.camera, self.downloadLocation) = (camera, downloadLocation)
    }
}

import Model

/// What one photo of Unsplash's says, already read (from its JSON by `PhotoMapping`, or from the
/// demo catalog): text trimmed and nil when blank, links checked, numbers believed.
/// `PhotoMapping.item` is the one place these become our item.
package struct PhotoFields: Sendable {
    // `Optional<T>`, not `T?`, as Model's records (Item.swift says why): a `T?` var made the init
    // copy the whole value, a retain and release per field of every photo mapped.
    package var id: Optional<String>
    /// The original's size.
    package var width: Optional<Int>
    package var height: Optional<Int>
    /// Ours, sized from the original's by `PhotoRenditions.images`.
    package var images: Renditions
    /// The photo's page (`links.html`).
    package var page: Optional<String>
    package var description: Optional<String>
    package var altDescription: Optional<String>
    /// ISO 8601, as Unsplash writes it.
    package var createdAt: Optional<String>
    package var color: Optional<String>
    package var blurHash: Optional<String>
    package var likes: Optional<Int>
    package var user: Optional<Author>
    /// On the detail only (a photo by id, a random one), as at Unsplash.
    package var location: Optional<PhotoLocation>
    package var camera: Optional<PhotoCamera>
    package var downloadLocation: Optional<String>

    package init(id: String?, width: Int?, height: Int?, images: Renditions, page: String? = nil,
                description: String? = nil, altDescription: String? = nil, createdAt: String? = nil, color: String? = nil,
                blurHash: String? = nil, likes: Int? = nil, user: Author? = nil, location: PhotoLocation? = nil,
                camera: PhotoCamera? = nil, downloadLocation: String? = nil) {
        (self.id, self.width, self.height, self.images, self.page) = (id, width, height, images, page)
        (self.description, self.altDescription, self.createdAt, self.color) = (description, altDescription, createdAt, color)
        (self.blurHash, self.likes, self.user, self.location) = (blurHash, likes, user, location)
        (self.camera, self.downloadLocation) = (camera, downloadLocation)
    }
}

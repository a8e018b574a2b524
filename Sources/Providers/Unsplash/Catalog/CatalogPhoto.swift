/// One photo of the catalog, with what Unsplash sends about it.
package struct CatalogPhoto: Sendable {
    package var id: String
    package var slug: String
    /// ISO 8601, as Unsplash writes it.
    package var createdAt: String
    package var width: Int
    package var height: Int
    package var color: String
    package var blurHash: String
    /// Null for about half the catalog, as at Unsplash.
    package var description: String?
    package var altDescription: String
    package var likes: Int
    package var photographer: CatalogPhotographer
    /// Nil: every EXIF field is sent as null (most photos).
    package var exif: CatalogExif?
    package var location: CatalogLocation?
    package var topic: String
    package var tags: [String]
    /// The `ixid` Unsplash puts in image and download urls.
    package var ixid: String

    /// What a search matches against, lowercased.
    var searchableText: String {
        ([description ?? "", altDescription, topic] + tags).joined(separator: " ").lowercased()
    }
}

package struct CatalogPhotographer: Sendable {
    package var username: String
    package var name: String
}

/// EXIF in Unsplash's order, `name` (make and model together, as Unsplash writes it) included.
package struct CatalogExif: Sendable {
    package var make: String?
    package var model: String?
    package var name: String?
    package var exposureTime: String?
    package var aperture: String?
    package var focalLength: String?
    package var iso: Int?
}

package struct CatalogLocation: Sendable {
    package var name: String?
    package var city: String?
    package var country: String?
}

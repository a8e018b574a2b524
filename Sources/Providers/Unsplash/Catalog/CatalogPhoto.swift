/// One photo of the catalog, with what Unsplash sends about it.
public struct CatalogPhoto: Sendable {
    public var id: String
    public var slug: String
    /// ISO 8601, as Unsplash writes it.
    public var createdAt: String
    public var width: Int
    public var height: Int
    public var color: String
    public var blurHash: String
    /// Null for about half the catalog, as at Unsplash.
    public var description: String?
    public var altDescription: String
    public var likes: Int
    public var photographer: CatalogPhotographer
    /// Nil: every EXIF field is sent as null (most photos).
    public var exif: CatalogExif?
    public var location: CatalogLocation?
    public var topic: String
    public var tags: [String]
    /// The `ixid` Unsplash puts in image and download urls.
    public var ixid: String

    /// What a search matches against, lowercased.
    var searchableText: String {
        ([description ?? "", altDescription, topic] + tags).joined(separator: " ").lowercased()
    }
}

public struct CatalogPhotographer: Sendable {
    public var username: String
    public var name: String
}

/// EXIF in Unsplash's order, `name` (make and model together, as Unsplash writes it) included.
public struct CatalogExif: Sendable {
    public var make: String?
    public var model: String?
    public var name: String?
    public var exposureTime: String?
    public var aperture: String?
    public var focalLength: String?
    public var iso: Int?
}

public struct CatalogLocation: Sendable {
    public var name: String?
    public var city: String?
    public var country: String?
}

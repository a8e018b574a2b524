/// One rendition of a catalog GIF, with the fields GIPHY sends for its kind (a GIF rendition has
/// `url` and `size`, an mp4-only one `mp4` and `mp4_size`, ...). Absent fields are left out.
public struct CatalogRendition: Sendable, Equatable {
    public var name: String
    public var width: Int?
    public var height: Int?
    /// "" for the catalog's one empty rendition.
    public var url: String?
    public var size: Int?
    public var mp4: String?
    public var mp4Size: Int?
    public var webp: String?
    public var webpSize: Int?
    public var frames: Int?
    public var hash: String?
}

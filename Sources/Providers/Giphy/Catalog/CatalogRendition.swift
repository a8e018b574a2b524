/// One rendition of a catalog GIF, with the fields GIPHY sends for its kind (a GIF rendition has
/// `url` and `size`, an mp4-only one `mp4` and `mp4_size`, ...). Absent fields are left out.
package struct CatalogRendition: Sendable, Equatable {
    package var name: String
    package var width: Int?
    package var height: Int?
    /// "" for the catalog's one empty rendition.
    package var url: String?
    package var size: Int?
    package var mp4: String?
    package var mp4Size: Int?
    package var webp: String?
    package var webpSize: Int?
    package var frames: Int?
    package var hash: String?
}

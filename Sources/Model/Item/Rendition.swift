/// One rendition of a GIF (preview, still, fixed_width, original, ...). URLs are kept
/// exactly as the upstream gave them, hence strings, not `URL`.
package struct Rendition: Equatable, Sendable {
    package var url: String
    package var width: Int
    package var height: Int
    /// Bytes, when known.
    package var size: Int?
    package var mp4: String?
    package var webp: String?

    package init(url: String, width: Int, height: Int, size: Int? = nil, mp4: String? = nil, webp: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.size = size
        self.mp4 = mp4
        self.webp = webp
    }
}

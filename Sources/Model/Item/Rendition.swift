/// One rendition of a GIF (preview, still, fixed_width, original, ...). URLs are kept
/// exactly as the upstream gave them, hence strings, not `URL`.
package struct Rendition: Equatable, Sendable {
    // `Optional<T>`, not `T?`: no copy per init (Item.swift says why).
    package var url: String
    package var width: Int
    package var height: Int
    /// Bytes, when known.
    package var size: Optional<Int>
    package var mp4: Optional<String>
    package var webp: Optional<String>

    package init(url: String, width: Int, height: Int, size: Int? = nil, mp4: String? = nil, webp: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.size = size
        self.mp4 = mp4
        self.webp = webp
    }
}

/// One rendition of a GIF (preview, still, fixed_width, original, ...). URLs are kept
/// exactly as the upstream gave them, hence strings, not `URL`.
public struct Rendition: Equatable, Sendable {
    public var url: String
    public var width: Int
    public var height: Int
    /// Bytes, when known.
    public var size: Int?
    public var mp4: String?
    public var webp: String?

    public init(url: String, width: Int, height: Int, size: Int? = nil, mp4: String? = nil, webp: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.size = size
        self.mp4 = mp4
        self.webp = webp
    }
}

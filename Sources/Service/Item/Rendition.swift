/// One rendition of a GIF (preview, still, fixed_width, original, ...). URLs are kept
/// exactly as the upstream gave them, hence strings, not `URL`.
public struct Rendition: Decodable, Equatable, Sendable {
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

    enum CodingKeys: String, CodingKey {
        case url, width, height, size, mp4, webp
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        width = try container.decodeBelieved(UpstreamNumber.positive, forKey: .width)
        height = try container.decodeBelieved(UpstreamNumber.positive, forKey: .height)
        size = try container.decodeBelievedIfPresent(UpstreamNumber.positive, forKey: .size)
        mp4 = try container.decodeIfPresent(String.self, forKey: .mp4)
        webp = try container.decodeIfPresent(String.self, forKey: .webp)
    }
}

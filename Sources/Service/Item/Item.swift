import Foundation

/// One item of ours: a GIF or sticker from GIPHY, a photo from Unsplash. Its shape is the
/// same whatever the provider; fields a provider does not have are left out. The API writes it
/// with `writeMembers` (GIF+JSON.swift), stored snapshots and cached answers too; `Decodable`
/// reads those back. Never null, "" or 0 for a value we do not have.
public struct Item: Decodable, Equatable, Sendable {
    /// Unique across providers: GIPHY's id as is, others prefixed with their provider ("unsplash:...").
    public var id: String
    public var provider: ProviderName
    public var title: String?
    /// A description for screen readers, when the upstream has one.
    public var altText: String?
    public var rating: String?
    /// The item's page.
    public var url: String
    /// The short link (e.g. bit.ly) when the upstream gives one.
    public var shareURL: String?
    public var username: String?
    public var user: Author?
    public var createdAt: Date?
    /// Set by the API when answering; never part of a stored snapshot.
    public var isFavorite: Bool?
    /// Renditions by name: "preview", "still", "fixed_width", "original" for GIFs; "thumb",
    /// "small", "regular", "full", "raw" for photos.
    public var images: [String: Rendition]
    /// The original's size, when the provider gives it apart from the renditions (photos).
    public var width: Int?
    public var height: Int?
    /// The dominant colour ("#c0d8f0") and a BlurHash, for placeholders while the image loads.
    public var color: String?
    public var blurHash: String?
    public var likes: Int?
    public var location: PhotoLocation?
    public var camera: PhotoCamera?
    public var attribution: Attribution?
    /// The provider's own wording for sharing; GIPHY's items use the default (`shareText`).
    public var presetShareText: String?
    /// For the server's later calls only (download tracking, analytics); never in an answer.
    public var upstreamLinks: UpstreamLinks?

    public init(
        id: String, provider: ProviderName, title: String? = nil, altText: String? = nil, rating: String? = nil,
        url: String, shareURL: String? = nil, username: String? = nil, user: Author? = nil, createdAt: Date? = nil,
        isFavorite: Bool? = nil, images: [String: Rendition] = [:], width: Int? = nil, height: Int? = nil,
        color: String? = nil, blurHash: String? = nil, likes: Int? = nil, location: PhotoLocation? = nil,
        camera: PhotoCamera? = nil, attribution: Attribution? = nil, presetShareText: String? = nil,
        upstreamLinks: UpstreamLinks? = nil
    ) {
        self.id = id
        self.provider = provider
        self.title = title
        self.altText = altText
        self.rating = rating
        self.url = url
        self.shareURL = shareURL
        self.username = username
        self.user = user
        // Held here, where every provider's mapping makes its items: the precision we write.
        self.createdAt = createdAt.map(ISO8601.wholeSeconds)
        self.isFavorite = isFavorite
        self.images = images
        self.width = width
        self.height = height
        self.color = color
        self.blurHash = blurHash
        self.likes = likes
        self.location = location
        self.camera = camera
        self.attribution = attribution
        self.presetShareText = presetShareText
        self.upstreamLinks = upstreamLinks
    }

    /// The link to share: the short link when there is one, else the page.
    public var shareLink: String {
        if let shareURL, !WhiteSpace.isBlank(shareURL) { return shareURL }
        return url
    }

    /// The provider's wording when it gave one, else "<title> <link>" ("GIF <link>" without a title).
    /// Made for every item of every page written: trimmed without Foundation.
    public var shareText: String {
        if let presetShareText, !presetShareText.isEmpty { return presetShareText }
        let title = title.flatMap(WhiteSpace.trimmed) ?? "GIF"
        return title + " " + shareLink
    }

    enum CodingKeys: String, CodingKey {
        case id, provider, title, rating, url
        case altText = "alt_text"
        case shareURL = "share_url"
        case shareText = "share_text"
        case username, user
        case createdAt = "created_at"
        case isFavorite = "is_favorite"
        case images, width, height, color, likes, location, camera, attribution
        case blurHash = "blur_hash"
        case upstreamLinks = "upstream_links"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        // Items stored before they named their provider were given one by the schema's version 6.
        guard let provider = ProviderName(try container.decode(String.self, forKey: .provider)) else {
            throw DecodingError.dataCorruptedError(forKey: .provider, in: container, debugDescription: "not a provider name")
        }
        self.provider = provider
        title = try container.decodeIfPresent(String.self, forKey: .title)
        altText = try container.decodeIfPresent(String.self, forKey: .altText)
        rating = try container.decodeIfPresent(String.self, forKey: .rating)
        url = try container.decode(String.self, forKey: .url)
        shareURL = try container.decodeIfPresent(String.self, forKey: .shareURL)
        username = try container.decodeIfPresent(String.self, forKey: .username)
        user = try container.decodeIfPresent(Author.self, forKey: .user)
        createdAt = try container.decodeDateIfPresent(forKey: .createdAt)
        isFavorite = try container.decodeIfPresent(Bool.self, forKey: .isFavorite)
        images = try container.decodeIfPresent([String: Rendition].self, forKey: .images) ?? [:]
        width = try container.decodeBelievedIfPresent(UpstreamNumber.positive, forKey: .width)
        height = try container.decodeBelievedIfPresent(UpstreamNumber.positive, forKey: .height)
        color = try container.decodeIfPresent(String.self, forKey: .color)
        blurHash = try container.decodeIfPresent(String.self, forKey: .blurHash)
        likes = try container.decodeBelievedIfPresent(UpstreamNumber.positive, forKey: .likes)
        location = try container.decodeIfPresent(PhotoLocation.self, forKey: .location)
        camera = try container.decodeIfPresent(PhotoCamera.self, forKey: .camera)
        attribution = try container.decodeIfPresent(Attribution.self, forKey: .attribution)
        upstreamLinks = try container.decodeIfPresent(UpstreamLinks.self, forKey: .upstreamLinks)
        // A stored share_text is kept only where it is not the default one derived again here.
        presetShareText = nil
        if let stored = try container.decodeIfPresent(String.self, forKey: .shareText), stored != shareText {
            presetShareText = stored
        }
    }
}

extension Item {
    /// The same item with `is_favorite` set.
    public func marked(favorite: Bool) -> Item {
        var item = self
        item.isFavorite = favorite
        return item
    }
}

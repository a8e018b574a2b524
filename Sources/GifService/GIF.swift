import Foundation

/// Our GIF shape, as the API returns it and as favorites keep it. Its JSON is written by
/// `write(to:)` (GIF+JSON.swift): fields without a value are left out, never sent as null, "" or 0.
public struct GIF: Decodable, Equatable, Sendable {
    public var id: String
    public var title: String?
    /// A description for screen readers (GIPHY's `alt_text`), when the upstream has one.
    public var altText: String?
    public var rating: String?
    /// The GIF's page.
    public var url: String
    /// The short link (e.g. bit.ly) when the upstream gives one.
    public var shareURL: String?
    public var username: String?
    public var user: GIFUser?
    public var createdAt: Date?
    /// Set by the API when answering; never part of a stored snapshot.
    public var isFavorite: Bool?
    /// Renditions by name: "preview", "still", "fixed_width", "original", ...
    public var images: [String: Rendition]

    public init(
        id: String, title: String? = nil, altText: String? = nil, rating: String? = nil, url: String, shareURL: String? = nil,
        username: String? = nil, user: GIFUser? = nil, createdAt: Date? = nil, isFavorite: Bool? = nil,
        images: [String: Rendition] = [:]
    ) {
        self.id = id
        self.title = title
        self.altText = altText
        self.rating = rating
        self.url = url
        self.shareURL = shareURL
        self.username = username
        self.user = user
        self.createdAt = createdAt
        self.isFavorite = isFavorite
        self.images = images
    }

    /// The link to share: the short link when there is one, else the page.
    public var shareLink: String {
        if let shareURL, !shareURL.trimmingCharacters(in: .whitespaces).isEmpty { return shareURL }
        return url
    }

    /// "<title> <link>", or "GIF <link>" for a GIF without a title.
    public var shareText: String {
        let title = (title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(title.isEmpty ? "GIF" : title) \(shareLink)"
    }

    enum CodingKeys: String, CodingKey {
        case id, title, rating, url
        case altText = "alt_text"
        case shareURL = "share_url"
        case shareText = "share_text"
        case username, user
        case createdAt = "created_at"
        case isFavorite = "is_favorite"
        case images
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        altText = try container.decodeIfPresent(String.self, forKey: .altText)
        rating = try container.decodeIfPresent(String.self, forKey: .rating)
        url = try container.decode(String.self, forKey: .url)
        shareURL = try container.decodeIfPresent(String.self, forKey: .shareURL)
        username = try container.decodeIfPresent(String.self, forKey: .username)
        user = try container.decodeIfPresent(GIFUser.self, forKey: .user)
        createdAt = try container.decodeDateIfPresent(forKey: .createdAt)
        isFavorite = try container.decodeIfPresent(Bool.self, forKey: .isFavorite)
        images = try container.decodeIfPresent([String: Rendition].self, forKey: .images) ?? [:]
        // share_text is derived, so a decoded one is ignored.
    }
}

extension GIF {
    /// The same GIF with `is_favorite` set.
    public func marked(favorite: Bool) -> GIF {
        var gif = self
        gif.isFavorite = favorite
        return gif
    }
}

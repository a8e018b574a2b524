/// A GIF of the fake catalog, holding what GIPHY's GIF object carries.
public struct FakeGIF: Sendable, Equatable {
    public var id: String
    public var slug: String
    public var title: String
    /// The description for screen readers; nil for the GIFs GIPHY has none for (sent as "").
    public var altText: String?
    public var topic: String
    public var tags: [String]
    /// g, pg, pg-13 or r.
    public var rating: String
    public var user: FakeUser?
    /// The top-level `username`: "" when there is no user, and for a few GIFs that have one.
    public var username: String
    public var importDatetime: String
    public var trendingDatetime: String
    public var createDatetime: String?
    public var renditions: [FakeRendition]

    public var pageURL: String { "https://giphy.com/gifs/\(slug)" }
    public var bitlyURL: String { "https://gph.is/g/\(id.prefix(7))" }
    public var embedURL: String { "https://giphy.com/embed/\(id)" }

    public func rendition(_ name: String) -> FakeRendition? {
        renditions.first { $0.name == name }
    }

    /// Lowercased text a query is matched against: title, topic and tags.
    var searchableText: String {
        ([title, topic] + tags).joined(separator: " ").lowercased()
    }
}

/// A GIF of the catalog, holding what GIPHY's GIF object carries.
public struct CatalogGIF: Sendable, Equatable {
    public var id: String
    public var slug: String
    public var title: String
    /// The description for screen readers; nil for the GIFs GIPHY has none for (sent as "").
    public var altText: String?
    public var topic: String
    public var tags: [String]
    /// g, pg, pg-13 or r.
    public var rating: String
    public var user: CatalogUser?
    /// The top-level `username`: "" when there is no user, and for a few GIFs that have one.
    public var username: String
    public var importDatetime: String
    public var trendingDatetime: String
    public var createDatetime: String?
    public var renditions: [CatalogRendition]

    /// GIPHY's two ways of writing "no date", both in the catalog.
    public static let noDate = "0000-00-00 00:00:00"
    public static let epoch = "1970-01-01 00:00:00"

    public var pageURL: String { "https://giphy.com/gifs/\(slug)" }
    public var bitlyURL: String { "https://gph.is/g/\(id.prefix(7))" }
    public var embedURL: String { "https://giphy.com/embed/\(id)" }

    /// Where GIPHY's analytics pingbacks for the catalog's GIFs go, under a host (`base`).
    public static let pingbackPath = "/v2/pingback_simple"

    /// The pingback urls of GIPHY's `analytics` (`onload`, `onclick`, `onsent`) for when the GIF is
    /// seen, clicked and sent; `base` is `http(s)://host[:port]`.
    public func pingbackURLs(base: String) -> (onload: String, onclick: String, onsent: String) {
        func url(_ action: String) -> String { "\(base)\(Self.pingbackPath)?analytics_response_payload=e%3D\(id)&action_type=\(action)" }
        return (url("SEEN"), url("CLICK"), url("SENT"))
    }

    public func rendition(_ name: String) -> CatalogRendition? {
        renditions.first { $0.name == name }
    }

    /// Lowercased text a query is matched against: title, topic and tags.
    var searchableText: String {
        ([title, topic] + tags).joined(separator: " ").lowercased()
    }
}

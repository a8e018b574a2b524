/// A GIF of the catalog, holding what GIPHY's GIF object carries.
package struct CatalogGIF: Sendable, Equatable {
    package var id: String
    package var slug: String
    package var title: String
    /// The description for screen readers; nil for the GIFs GIPHY has none for (sent as "").
    package var altText: String?
    package var topic: String
    package var tags: [String]
    /// g, pg, pg-13 or r.
    package var rating: String
    package var user: CatalogUser?
    /// The top-level `username`: "" when there is no user, and for a few GIFs that have one.
    package var username: String
    package var importDatetime: String
    package var trendingDatetime: String
    package var createDatetime: String?
    package var renditions: [CatalogRendition]

    /// GIPHY's two ways of writing "no date", both in the catalog.
    package static let noDate = "0000-00-00 00:00:00"
    package static let epoch = "1970-01-01 00:00:00"

    package var pageURL: String { "https://giphy.com/gifs/\(slug)" }
    package var bitlyURL: String { "https://gph.is/g/\(id.prefix(7))" }
    package var embedURL: String { "https://giphy.com/embed/\(id)" }

    /// Where GIPHY's analytics pingbacks for the catalog's GIFs go, under a host (`base`).
    package static let pingbackPath = "/v2/pingback_simple"

    /// The pingback urls of GIPHY's `analytics` (`onload`, `onclick`, `onsent`) for when the GIF is
    /// seen, clicked and sent; `base` is `http(s)://host[:port]`.
    package func pingbackURLs(base: String) -> (onload: String, onclick: String, onsent: String) {
        func url(_ action: String) -> String { "\(base)\(Self.pingbackPath)?analytics_response_payload=e%3D\(id)&action_type=\(action)" }
        return (url("SEEN"), url("CLICK"), url("SENT"))
    }

    package func rendition(_ name: String) -> CatalogRendition? {
        renditions.first { $0.name == name }
    }

    /// Lowercased text a query is matched against: title, topic and tags.
    var searchableText: String {
        ([title, topic] + tags).joined(separator: " ").lowercased()
    }
}

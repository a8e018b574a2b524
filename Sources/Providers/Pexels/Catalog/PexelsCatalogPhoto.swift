/// One photo of the Pexels catalog, with what Pexels sends about it.
package struct PexelsCatalogPhoto: Sendable {
    /// Pexels' ids are numbers.
    package var id: Int
    package var width: Int
    package var height: Int
    /// "" for some photos, as at Pexels (its `alt` is a string, empty when it has none).
    package var alt: String
    package var photographer: PexelsCatalogPhotographer
    /// `avg_color`, upper-case hex as Pexels writes it ("#978E82").
    package var averageColor: String
    package var topic: String
    package var tags: [String]
    /// Where it stands in the curated list (0 first).
    package var curatedRank: Int

    /// What a search matches against, lowercased.
    var searchableText: String {
        ([alt, topic] + tags).joined(separator: " ").lowercased()
    }

    /// The photo's page (`url`): its alt text made a slug, then its id, as Pexels' pages are named.
    package var pageURL: String {
        let slug = alt.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "-")
        return "https://www.pexels.com/photo/" + (slug.isEmpty ? "" : slug + "-") + "\(id)/"
    }
}

package struct PexelsCatalogPhotographer: Sendable {
    package var id: Int
    package var name: String
    /// The handle of the photographer's page (`https://www.pexels.com/@handle`).
    package var handle: String

    /// `photographer_url`.
    package var profileURL: String { "https://www.pexels.com/@\(handle)" }
}

import Foundation
import JSON
import Model
import ProviderHTTP

/// Pexels' photo object to our item: the same shape as Unsplash's photos (their rendition names,
/// sized from the original's), `avg_color` as `color`, `alt` as the title and alt text, the
/// photographer as the user, and the attribution Pexels' guidelines ask for: "Photo by NAME on
/// Pexels", linking the photographer's page and the photo's page on Pexels.
package struct PexelsMapping: Sendable {
    package init() {}

    /// The photo a Pexels object describes. Fields of the wrong type are absent, never a failure
    /// of the photo.
    func item(_ photo: JSONValue) -> Item? {
        guard photo.isObject else { return nil }
        // Pexels' ids are numbers; a string of digits is taken too.
        let id = photo["id"]?.integer(in: UpstreamNumber.positive).map(String.init) ?? photo["id"]?.meaningfulText
        let src = photo["src"]
        var sources: [String: String] = [:]
        for (_, source, _) in Pexels.renditions {
            if let link = src?[source]?.webLink { sources[source] = link }
        }
        return item(PexelsPhotoFields(
            id: id, width: photo["width"]?.integer(in: UpstreamNumber.positive),
            height: photo["height"]?.integer(in: UpstreamNumber.positive), sources: sources, page: photo["url"]?.webLink,
            photographer: photo["photographer"]?.meaningfulText, photographerURL: photo["photographer_url"]?.webLink,
            averageColor: photo["avg_color"]?.meaningfulText, alt: photo["alt"]?.meaningfulText))
    }

    /// Nil for what cannot be shown: no id a client could send back, or no rendition (no usable
    /// `src`, or no original size to size them from).
    package func item(_ photo: PexelsPhotoFields) -> Item? {
        guard let id = photo.id, let itemID = ItemID(provider: .pexels, upstreamID: id) else { return nil }
        let images = Self.images(photo)
        guard !images.isEmpty else { return nil }
        let page = photo.page ?? "https://www.pexels.com/photo/" + QueryEscaping.escape(id) + "/"
        let user = Author(displayName: photo.photographer, profileURL: photo.photographerURL)
        let credit = photo.photographer.map { "Photo by \($0) on Pexels" } ?? "Photo on Pexels"
        return Item(
            id: itemID.rawValue, provider: .pexels, title: photo.alt, altText: photo.alt, url: page,
            user: user.hasValue ? user : nil, images: images,
            width: UpstreamNumber.positive.believing(photo.width), height: UpstreamNumber.positive.believing(photo.height),
            color: photo.averageColor,
            attribution: Attribution(text: credit, authorURL: photo.photographerURL, providerURL: page),
            presetShareText: "\(photo.alt ?? "Photo") \(photo.photographer.map { "by \($0) on Pexels" } ?? "on Pexels") \(page)")
    }

    /// Our renditions from the `src` links present, each sized by Pexels' rule from the original's size.
    static func images(_ photo: PexelsPhotoFields) -> Renditions {
        guard let width = UpstreamNumber.positive.believing(photo.width),
              let height = UpstreamNumber.positive.believing(photo.height) else { return [:] }
        var images = Renditions()
        for (name, source, box) in Pexels.renditions {
            guard let url = photo.sources[source] else { continue }
            let size = Pexels.renditionSize(width: width, height: height, box: box)
            images[name] = Rendition(url: url, width: size.width, height: size.height)
        }
        return images
    }
}

import ASCII
import GiphyCatalog
import GiphyClient
import Service

extension CatalogGIF {
    /// The GIF as GIPHY's object says it once read (`GIFMapping.gif` reads the same fields from
    /// JSON): blank text is none (GIPHY's `""` username and alt text), a rendition needs a url
    /// and a size, and the pingback links are at `analyticsBase`.
    func fields(analyticsBase: String) -> GIFFields {
        let pingbacks = pingbackURLs(base: analyticsBase)
        return GIFFields(
            id: id, page: pageURL, title: WhiteSpace.trimmed(title), altText: altText.flatMap(WhiteSpace.trimmed),
            rating: WhiteSpace.trimmed(rating), shareURL: bitlyURL, username: WhiteSpace.trimmed(username),
            user: user.map(\.author), created: createDatetime, imported: importDatetime,
            images: GIFMapping.images { rendition($0).flatMap(\.usable) },
            analytics: UpstreamLinks(onload: pingbacks.onload, onclick: pingbacks.onclick, onsent: pingbacks.onsent))
    }
}

extension CatalogRendition {
    /// Ours, when its url and size make it one.
    var usable: Rendition? {
        GIFMapping.rendition(url: url.flatMap(WhiteSpace.trimmed), width: width, height: height, size: size, mp4: mp4, webp: webp)
    }
}

extension CatalogUser {
    var author: Author {
        Author(displayName: WhiteSpace.trimmed(displayName), username: WhiteSpace.trimmed(username),
               avatarURL: avatarURL, profileURL: profileURL)
    }
}

import Foundation
import Service
import ProviderHTTP

/// GIPHY's GIF object to our small, stable GIF shape.
enum GIFMapping {
    /// Our rendition names and the GIPHY renditions that fill them, best first. A small set a
    /// client draws from: an animated thumbnail, a still, the two 200 px strips of grids, the
    /// original with its still, and the under-2 MB version for detail views. The first GIPHY
    /// rendition with a usable url wins; when none has one, our rendition is absent.
    static let renditionSources: [(name: String, giphyNames: [String])] = [
        ("preview", ["fixed_width_small", "preview_gif"]),
        ("still", ["fixed_width_still", "fixed_height_still"]),
        ("fixed_width", ["fixed_width"]),
        ("fixed_height", ["fixed_height"]),
        ("original", ["original"]),
        ("original_still", ["original_still"]),
        ("downsized", ["downsized"]),
    ]

    /// Nil when the object lacks what every GIF of ours must have: an id and a page url. Every link
    /// we pass on is http(s): a client puts them in `href` and `src`.
    static func gif(_ object: GiphyGIFObject) -> Item? {
        guard let id = object.id?.meaningful, let url = object.url?.webLink else { return nil }
        let user = object.user?.value.flatMap(Self.user)
        return Item(
            id: id,
            provider: .giphy,
            title: object.title?.meaningful,
            altText: object.altText?.meaningful,
            rating: object.rating?.meaningful?.lowercased(),
            url: url,
            shareURL: object.bitlyURL?.webLink,
            username: object.username?.meaningful ?? user?.username,
            user: user,
            createdAt: GiphyDate.parse(object.createDatetime?.value) ?? GiphyDate.parse(object.importDatetime?.value),
            images: images(object.images?.value ?? [:]),
            attribution: Giphy.attribution,
            upstreamLinks: object.analytics?.value.flatMap(Self.analyticsLinks))
    }

    static func images(_ giphy: [String: Lenient<GiphyRenditionObject>]) -> [String: Rendition] {
        var images: [String: Rendition] = [:]
        for (name, giphyNames) in renditionSources {
            images[name] = giphyNames.lazy.compactMap { giphy[$0]?.value.flatMap(Self.rendition) }.first
        }
        return images
    }

    /// A rendition is usable with an http(s) url and a known size; its urls are kept exactly as
    /// given, query parameters included (GIPHY's terms forbid rewriting them).
    static func rendition(_ object: GiphyRenditionObject) -> Rendition? {
        guard let url = object.url?.webLink, let width = object.width?.value, let height = object.height?.value,
              width > 0, height > 0 else { return nil }
        let size = object.size?.value.flatMap { $0 > 0 ? $0 : nil }
        return Rendition(url: url, width: width, height: height, size: size,
                         mp4: object.mp4?.webLink, webp: object.webp?.webLink)
    }

    /// GIPHY's pingback urls, each kept only when it is an http(s) url; nil when none is.
    static func analyticsLinks(_ object: GiphyAnalyticsObject) -> UpstreamLinks? {
        let links = UpstreamLinks(onload: object.onload?.value?.url?.webLink, onclick: object.onclick?.value?.url?.webLink,
                                  onsent: object.onsent?.value?.url?.webLink)
        return links.hasValue ? links : nil
    }

    private static func user(_ object: GiphyUserObject) -> Author? {
        let user = Author(displayName: object.displayName?.meaningful, username: object.username?.meaningful,
                           avatarURL: object.avatarURL?.webLink, profileURL: object.profileURL?.webLink)
        return user.hasValue ? user : nil
    }
}

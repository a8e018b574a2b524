import JSON
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

    /// Nil when the object lacks what every GIF of ours must have: an id a client can send back
    /// (`ItemID`) and a page url. Every link
    /// we pass on is http(s) (`WebLink`): a client puts them in `href` and `src`.
    static func gif(_ object: JSONValue) -> Item? {
        guard object.isObject, let id = object["id"]?.meaningfulText.flatMap({ ItemID(provider: .giphy, upstreamID: $0) }),
              let url = object["url"]?.webLink else { return nil }
        let user = object["user"].flatMap(Self.user)
        return Item(
            id: id.rawValue,
            provider: .giphy,
            title: object["title"]?.meaningfulText,
            altText: object["alt_text"]?.meaningfulText,
            rating: object["rating"]?.meaningfulText?.lowercased(),
            url: url,
            shareURL: object["bitly_url"]?.webLink,
            username: object["username"]?.meaningfulText ?? user?.username,
            user: user,
            createdAt: GiphyDate.parse(object["create_datetime"]?.text) ?? GiphyDate.parse(object["import_datetime"]?.text),
            images: images(object["images"]),
            attribution: Giphy.attribution,
            upstreamLinks: object["analytics"].flatMap(Self.analyticsLinks))
    }

    /// GIPHY's `images` object (sent as `[]` by some PHP-era responses when empty: no renditions).
    static func images(_ giphy: JSONValue?) -> [String: Rendition] {
        guard let giphy, giphy.isObject else { return [:] }
        var images: [String: Rendition] = [:]
        for (name, giphyNames) in renditionSources {
            images[name] = giphyNames.lazy.compactMap { giphy[$0].flatMap(Self.rendition) }.first
        }
        return images
    }

    /// A rendition is usable with an http(s) url and a known size; its urls are kept exactly as
    /// given, query parameters included (GIPHY's terms forbid rewriting them).
    static func rendition(_ object: JSONValue) -> Rendition? {
        guard object.isObject, let url = object["url"]?.webLink, let width = object["width"]?.integer(in: UpstreamNumber.positive),
              let height = object["height"]?.integer(in: UpstreamNumber.positive) else { return nil }
        let size = object["size"]?.integer(in: UpstreamNumber.positive)
        return Rendition(url: url, width: width, height: height, size: size,
                         mp4: object["mp4"]?.webLink, webp: object["webp"]?.webLink)
    }

    /// GIPHY's pingback urls (`{"onload": {"url": ...}, "onclick": ..., "onsent": ...}`), each kept
    /// only when it is an http(s) url; nil when none is.
    static func analyticsLinks(_ object: JSONValue) -> UpstreamLinks? {
        let links = UpstreamLinks(onload: object["onload"]?["url"]?.webLink, onclick: object["onclick"]?["url"]?.webLink,
                                  onsent: object["onsent"]?["url"]?.webLink)
        return links.hasValue ? links : nil
    }

    private static func user(_ object: JSONValue) -> Author? {
        let user = Author(displayName: object["display_name"]?.meaningfulText, username: object["username"]?.meaningfulText,
                          avatarURL: object["avatar_url"]?.webLink, profileURL: object["profile_url"]?.webLink)
        return user.hasValue ? user : nil
    }
}

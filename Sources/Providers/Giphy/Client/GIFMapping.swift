import JSON
import Foundation
import Model
import ProviderHTTP

/// GIPHY's GIF object to our small, stable GIF shape.
package enum GIFMapping {
    /// Our rendition names and the GIPHY renditions that fill them, best first. A small set a
    /// client draws from: an animated thumbnail, a still, the two 200 px strips of grids, the
    /// original with its still, and the under-2 MB version for detail views. The first GIPHY
    /// rendition with a usable url wins; when none has one, our rendition is absent.
    static let renditionSources: [(name: String, giphyNames: [StaticString])] = [
        ("preview", ["fixed_width_small", "preview_gif"]),
        ("still", ["fixed_width_still", "fixed_height_still"]),
        ("fixed_width", ["fixed_width"]),
        ("fixed_height", ["fixed_height"]),
        ("original", ["original"]),
        ("original_still", ["original_still"]),
        ("downsized", ["downsized"]),
    ]

    /// The GIPHY names of `renditionSources` in one list: a rendition is known by its place in it.
    static let giphyRenditionNames: [StaticString] = renditionSources.flatMap(\.giphyNames)

    /// What `gif(_:)` reads of a GIF object, as GIPHY's `fields` parameter ("fields on demand"):
    /// search and trending ask for this alone, so GIPHY sends no field we would skip (the bench's
    /// 25-GIF `bundle` page: 107 KB instead of 175 KB, the JSON reader's share of a miss 11% to
    /// 6%). A field added to `gif(_:)` is added here too (GiphyFieldsTests checks both read the same GIF).
    package static let fields: String = {
        let top = ["id", "url", "title", "alt_text", "rating", "bitly_url", "username", "create_datetime", "import_datetime", "analytics"]
        let user = ["display_name", "username", "avatar_url", "profile_url"].map { "user." + $0 }
        let images = giphyRenditionNames.map { "images.\($0)" }
        return (top + user + images).joined(separator: ",")
    }()

    /// The GIF a GIPHY object describes; nil when it is not an object or lacks an id or a page
    /// (`item`). Every link we pass on is http(s) (`WebLink`): a client puts them in `href` and `src`.
    /// Made straight from the members (no `GIFFields` between: its copy was a retain and a release
    /// per field), the rest not read for a GIF without an id or page.
    static func gif(_ object: JSONView) -> Item? {
        guard object.isObject else { return nil }
        let members = GIFMembers(object)
        guard let id = members.id?.meaningfulText, let page = members.url?.webLink else { return nil }
        return item(
            id: id, page: page, title: members.title?.meaningfulText, altText: members.altText?.meaningfulText,
            rating: members.rating?.meaningfulText, shareURL: members.bitlyURL?.webLink,
            username: members.username?.meaningfulText, user: members.user.flatMap(Self.user),
            // Read from the bytes: the two dates were two Strings per GIF, made only to be parsed.
            createdAt: members.created.flatMap(GiphyDate.parse) ?? members.imported.flatMap(GiphyDate.parse),
            images: images(members.images), analytics: members.analytics.flatMap(Self.analyticsLinks))
    }

    /// The same for a value of a document (`JSONValue`).
    static func gif(_ object: JSONValue) -> Item? { object.withView { gif($0) } }

    /// Nil without what every GIF of ours must have: an id a client can send back (`ItemID`) and
    /// a page url. The username is the GIF's, else its user's; the date its creation's, else its
    /// import's.
    package static func item(_ gif: GIFFields) -> Item? {
        guard let id = gif.id, let page = gif.page else { return nil }
        return item(id: id, page: page, title: gif.title, altText: gif.altText, rating: gif.rating, shareURL: gif.shareURL,
                    username: gif.username, user: gif.user, createdAt: GiphyDate.parse(gif.created) ?? GiphyDate.parse(gif.imported),
                    images: gif.images, analytics: gif.analytics)
    }

    /// The one place GIPHY's fields become our GIF (inlined into both callers, so that each field
    /// is moved into the GIF, not copied).
    @inline(__always)
    private static func item(id: String, page: String, title: String?, altText: String?, rating: String?, shareURL: String?,
                             username: String?, user: Author?, createdAt: Date?, images: Renditions,
                             analytics: UpstreamLinks?) -> Item? {
        guard let id = ItemID(provider: .giphy, upstreamID: id) else { return nil }
        let user = user?.hasValue == true ? user : nil
        return Item(
            id: id.rawValue,
            provider: .giphy,
            title: title,
            altText: altText,
            rating: rating?.lowercased(),
            url: page,
            shareURL: shareURL,
            username: username ?? user?.username,
            user: user,
            createdAt: createdAt,
            images: images,
            attribution: Giphy.attribution,
            upstreamLinks: analytics)
    }

    /// GIPHY's `images` object (sent as `[]` by some PHP-era responses when empty: no renditions),
    /// its members read in one pass: the first of each name we read (as a lookup by name finds).
    /// The chosen renditions' links are appended as bytes to one buffer sized for them all: one
    /// allocation per GIF for its links, where a String per link was one each.
    static func images(_ giphy: JSONView?) -> Renditions {
        guard let giphy, giphy.isObject else { return [:] }
        // The first member of each name, in place of its name in `giphyRenditionNames` (on the stack).
        return withUnsafeTemporaryAllocation(of: JSONView?.self, capacity: giphyRenditionNames.count) { found in
            found.initialize(repeating: nil)
            giphy.forEachMember { key, value in
                for (place, name) in giphyRenditionNames.enumerated() where name ~= key {
                    keepFirst(&found[place], value)
                    return
                }
            }
            // The usable rendition of each of our names, in `sourcePlaces`' order, then its links.
            return withUnsafeTemporaryAllocation(of: RenditionMembers.self, capacity: sourcePlaces.count) { chosen in
                chosen.initialize(repeating: RenditionMembers(noneIn: giphy))
                var linkBytes = 0
                for (index, (_, places)) in sourcePlaces.enumerated() {
                    // The first usable one, the rest not read.
                    for candidate in places {
                        if let members = found[candidate].flatMap(RenditionMembers.usable) {
                            chosen[index] = members
                            linkBytes += members.linkBytes
                            break
                        }
                    }
                }
                var images = Renditions(minimumCapacity: sourcePlaces.count, linkBytes: linkBytes)
                for (index, (name, _)) in sourcePlaces.enumerated() where chosen[index].isUsable {
                    let members = chosen[index]
                    images.append(name: name, width: Int(members.width), height: Int(members.height),
                                  size: members.size > 0 ? Int(members.size) : nil) { links in
                        _ = members.url.withWebLinkBytes { links.url($0, isValidUTF8: $1) }
                        if members.hasMP4 { _ = members.mp4.withWebLinkBytes { links.mp4($0, isValidUTF8: $1) } }
                        if members.hasWebP { _ = members.webp.withWebLinkBytes { links.webp($0, isValidUTF8: $1) } }
                    }
                }
                return images
            }
        }
    }

    /// Ours from GIPHY's: `usable` gives the GIPHY rendition of a name when it has a usable url and size.
    package static func images(_ usable: (String) -> Rendition?) -> Renditions {
        images(byPlace: { usable(giphyRenditionNames[$0].description) })
    }

    /// Each of our names with the places of its GIPHY renditions in `giphyRenditionNames`, sorted
    /// by our name: set in this order, each rendition is appended to `Renditions`, none moved.
    private static let sourcePlaces: [(name: String, places: Range<Int>)] = {
        var first = 0
        return renditionSources.map { name, giphyNames in
            defer { first += giphyNames.count }
            return (name, first..<first + giphyNames.count)
        }.sorted { $0.name < $1.name }
    }()

    /// The same with GIPHY's renditions known by their place in `giphyRenditionNames`.
    private static func images(byPlace usable: (Int) -> Rendition?) -> Renditions {
        // Room for every name at once: one allocation per GIF.
        var images = Renditions(minimumCapacity: sourcePlaces.count)
        for (name, places) in sourcePlaces {
            // The first usable one, the rest not read: `lazy.compactMap(usable).first` built an
            // array of every one (a malloc per name, and the second choice mapped for nothing).
            for candidate in places {
                if let rendition = usable(candidate) {
                    images[name] = rendition
                    break
                }
            }
        }
        return images
    }

    /// A GIPHY rendition's members, read in one pass; `usable` with an http(s) url and a known
    /// size. Its urls are kept exactly as given, query parameters included (GIPHY's terms forbid
    /// rewriting them); the other links are checked as they are appended. Kept small (136 bytes,
    /// no optionals): `images` holds one per name of ours in a temporary allocation, which stays
    /// on the stack up to 1 KB (seven of these); with optional views (168 bytes) it was a malloc per GIF.
    private struct RenditionMembers {
        var url: JSONView
        /// Read only when `hasMP4` (`hasWebP`).
        var mp4: JSONView
        var webp: JSONView
        /// Within `UpstreamNumber.positive` (so an Int32); 0 for none, and a width of 0 for no
        /// usable rendition.
        var width: Int32
        var height: Int32
        var size: Int32
        var hasMP4: Bool
        var hasWebP: Bool

        var isUsable: Bool { width > 0 }

        /// No usable rendition (its views any view: none is read).
        init(noneIn view: JSONView) {
            (url, mp4, webp, width, height, size, hasMP4, hasWebP) = (view, view, view, 0, 0, 0, false, false)
        }

        private init(url: JSONView, mp4: JSONView?, webp: JSONView?, width: Int, height: Int, size: Int?) {
            self.init(noneIn: url)
            (self.width, self.height, self.size) = (Int32(clamping: width), Int32(clamping: height), Int32(clamping: size ?? 0))
            if let mp4 { (self.mp4, hasMP4) = (mp4, true) }
            if let webp { (self.webp, hasWebP) = (webp, true) }
        }

        static func usable(_ object: JSONView) -> RenditionMembers? {
            guard object.isObject else { return nil }
            var url, width, height, size, mp4, webp: JSONView?
            object.forEachMember { key, value in
                switch key {
                case "url": keepFirst(&url, value)
                case "width": keepFirst(&width, value)
                case "height": keepFirst(&height, value)
                case "size": keepFirst(&size, value)
                case "mp4": keepFirst(&mp4, value)
                case "webp": keepFirst(&webp, value)
                default: break
                }
            }
            guard let url, let width = UpstreamNumber.positive.believing(width?.integer),
                  let height = UpstreamNumber.positive.believing(height?.integer), url.withWebLinkBytes({ _, _ in }) else { return nil }
            return RenditionMembers(url: url, mp4: mp4, webp: webp, width: width, height: height,
                                    size: UpstreamNumber.positive.believing(size?.integer))
        }

        /// Room for its links, as sent (exact for visible ASCII, the usual; else found as appended).
        var linkBytes: Int {
            func count(_ link: JSONView, _ present: Bool) -> Int { present ? link.withVisibleASCIIBytes { $0.count } ?? 0 : 0 }
            return count(url, true) + count(mp4, hasMP4) + count(webp, hasWebP)
        }
    }

    /// A rendition of GIPHY's as ours: nil without a url or a size (both sides positive); a byte
    /// size that is not positive is left out.
    package static func rendition(url: String?, width: Int?, height: Int?, size: Int?, mp4: String?, webp: String?) -> Rendition? {
        guard let url, let width = UpstreamNumber.positive.believing(width),
              let height = UpstreamNumber.positive.believing(height) else { return nil }
        return Rendition(url: url, width: width, height: height, size: UpstreamNumber.positive.believing(size), mp4: mp4, webp: webp)
    }

    /// GIPHY's pingback urls (`{"onload": {"url": ...}, "onclick": ..., "onsent": ...}`), each kept
    /// only when it is an http(s) url; nil when none is.
    static func analyticsLinks(_ object: JSONView) -> UpstreamLinks? {
        let links = UpstreamLinks(onload: object["onload"]?["url"]?.webLink, onclick: object["onclick"]?["url"]?.webLink,
                                  onsent: object["onsent"]?["url"]?.webLink)
        return links.hasValue ? links : nil
    }

    private static func user(_ object: JSONView) -> Author? {
        let user = Author(displayName: object["display_name"]?.meaningfulText, username: object["username"]?.meaningfulText,
                          avatarURL: object["avatar_url"]?.webLink, profileURL: object["profile_url"]?.webLink)
        return user.hasValue ? user : nil
    }
}

import FakeUpstream
import Foundation
import GiphyCatalog

/// A catalog GIF as GIPHY's GIF object. Like GIPHY, rendition numbers are strings
/// ("width": "200"), `is_sticker` is a number and an absent user means no `user` key.
enum GiphyGIFJSON {
    static func object(_ gif: CatalogGIF, kind: APIKind, analyticsBase: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string(kind.objectType)),
            ("id", .string(gif.id)),
            ("url", .string(gif.pageURL)),
            ("slug", .string(gif.slug)),
            ("bitly_gif_url", .string(gif.bitlyURL)),
            ("bitly_url", .string(gif.bitlyURL)),
            ("embed_url", .string(gif.embedURL)),
            ("username", .string(gif.username)),
            ("source", ""),
            ("title", .string(gif.title)),
            ("rating", .string(gif.rating)),
            ("content_url", ""),
            ("source_tld", ""),
            ("source_post_url", ""),
            ("is_sticker", .int(kind == .stickers ? 1 : 0)),
            ("import_datetime", .string(gif.importDatetime)),
            ("trending_datetime", .string(gif.trendingDatetime)),
        ]
        if let created = gif.createDatetime { members.append(("create_datetime", .string(created))) }
        members.append(("images", .object(gif.renditions.map { ($0.name, rendition($0)) })))
        if let user = gif.user { members.append(("user", self.user(user))) }
        members.append(("analytics_response_payload", .string("e=\(gif.id.prefix(8))")))
        if let analyticsBase { members.append(("analytics", FakePingbacks.analytics(for: gif, base: analyticsBase))) }
        // GIPHY sends an empty alt_text where it has none.
        members.append(("alt_text", .string(gif.altText ?? "")))
        return .object(members)
    }

    static func rendition(_ rendition: CatalogRendition) -> JSONValue {
        var members: [(String, JSONValue)] = []
        func add(_ key: String, _ number: Int?) { if let number { members.append((key, .string(String(number)))) } }
        func add(_ key: String, _ text: String?) { if let text { members.append((key, .string(text))) } }
        add("height", rendition.height)
        add("width", rendition.width)
        add("size", rendition.size)
        add("url", rendition.url)
        add("mp4_size", rendition.mp4Size)
        add("mp4", rendition.mp4)
        add("webp_size", rendition.webpSize)
        add("webp", rendition.webp)
        add("frames", rendition.frames)
        add("hash", rendition.hash)
        return .object(members)
    }

    static func user(_ user: CatalogUser) -> JSONValue {
        .object([
            ("avatar_url", .string(user.avatarURL)),
            ("banner_image", .string(user.bannerURL)),
            ("banner_url", .string(user.bannerURL)),
            ("profile_url", .string(user.profileURL)),
            ("username", .string(user.username)),
            ("display_name", .string(user.displayName)),
            ("description", .string(user.description)),
            ("instagram_url", ""),
            ("website_url", ""),
            ("is_verified", .bool(user.isVerified)),
        ])
    }
}

import FakeUpstream
import GiphyCatalog
import JSON

/// A catalog GIF as GIPHY's GIF object, its keys in GIPHY's order. Like GIPHY, rendition numbers
/// are strings ("width": "200"), `is_sticker` is a number and an absent user means no `user` key;
/// `fields` (GIPHY's fields on demand, `FieldSelection`) leaves out what it does not name.
enum GiphyGIFJSON {
    /// `fields`: what GIPHY's `fields` parameter keeps of the object (everything without one).
    static func write(_ gif: CatalogGIF, kind: APIKind, analyticsBase: String? = nil, fields: FieldSelection = .everything,
                      to writer: inout JSONWriter) {
        writer.object { writer in
            func add(_ key: StaticString, _ text: String) { if fields.keeps(key.description) { writer.member(key, text) } }
            add("type", kind.objectType)
            add("id", gif.id)
            add("url", gif.pageURL)
            add("slug", gif.slug)
            add("bitly_gif_url", gif.bitlyURL)
            add("bitly_url", gif.bitlyURL)
            add("embed_url", gif.embedURL)
            add("username", gif.username)
            add("source", "")
            add("title", gif.title)
            add("rating", gif.rating)
            add("content_url", "")
            add("source_tld", "")
            add("source_post_url", "")
            if fields.keeps("is_sticker") { writer.member("is_sticker", kind == .stickers ? 1 : 0) }
            add("import_datetime", gif.importDatetime)
            add("trending_datetime", gif.trendingDatetime)
            if let created = gif.createDatetime { add("create_datetime", created) }
            if fields.keeps("images") {
                let images = fields.inside("images")
                writer.key("images")
                writer.object { writer in
                    for rendition in gif.renditions where images.keeps(rendition.name) {
                        writer.key(escaping: rendition.name)
                        write(rendition, fields: images.inside(rendition.name), to: &writer)
                    }
                }
            }
            if let user = gif.user, fields.keeps("user") {
                writer.key("user")
                write(user, fields: fields.inside("user"), to: &writer)
            }
            add("analytics_response_payload", "e=\(gif.id.prefix(8))")
            if let analyticsBase, fields.keeps("analytics") {
                writer.key("analytics")
                FakePingbacks.writeAnalytics(for: gif, base: analyticsBase, to: &writer)
            }
            // GIPHY sends an empty alt_text where it has none.
            add("alt_text", gif.altText ?? "")
        }
    }

    /// Only the fields the rendition has, numbers as strings.
    private static func write(_ rendition: CatalogRendition, fields: FieldSelection, to writer: inout JSONWriter) {
        writer.object { writer in
            func add(_ key: StaticString, _ number: Int?) { if let number, fields.keeps(key.description) { writer.member(key, String(number)) } }
            func add(_ key: StaticString, _ text: String?) { if let text, fields.keeps(key.description) { writer.member(key, text) } }
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
        }
    }

    private static func write(_ user: CatalogUser, fields: FieldSelection, to writer: inout JSONWriter) {
        writer.object { writer in
            func add(_ key: StaticString, _ text: String) { if fields.keeps(key.description) { writer.member(key, text) } }
            add("avatar_url", user.avatarURL)
            add("banner_image", user.bannerURL)
            add("banner_url", user.bannerURL)
            add("profile_url", user.profileURL)
            add("username", user.username)
            add("display_name", user.displayName)
            add("description", user.description)
            add("instagram_url", "")
            add("website_url", "")
            if fields.keeps("is_verified") {
                writer.key("is_verified")
                writer.bool(user.isVerified)
            }
        }
    }
}

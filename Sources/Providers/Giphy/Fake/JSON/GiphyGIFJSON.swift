import FakeUpstream
import GiphyCatalog
import JSON

/// A catalog GIF as GIPHY's GIF object, its keys in GIPHY's order. Like GIPHY, rendition numbers
/// are strings ("width": "200"), `is_sticker` is a number and an absent user means no `user` key.
enum GiphyGIFJSON {
    static func write(_ gif: CatalogGIF, kind: APIKind, analyticsBase: String? = nil, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("type", kind.objectType)
            writer.member("id", gif.id)
            writer.member("url", gif.pageURL)
            writer.member("slug", gif.slug)
            writer.member("bitly_gif_url", gif.bitlyURL)
            writer.member("bitly_url", gif.bitlyURL)
            writer.member("embed_url", gif.embedURL)
            writer.member("username", gif.username)
            writer.member("source", "")
            writer.member("title", gif.title)
            writer.member("rating", gif.rating)
            writer.member("content_url", "")
            writer.member("source_tld", "")
            writer.member("source_post_url", "")
            writer.member("is_sticker", kind == .stickers ? 1 : 0)
            writer.member("import_datetime", gif.importDatetime)
            writer.member("trending_datetime", gif.trendingDatetime)
            if let created = gif.createDatetime { writer.member("create_datetime", created) }
            writer.key("images")
            writer.object { writer in
                for rendition in gif.renditions {
                    writer.key(escaping: rendition.name)
                    write(rendition, to: &writer)
                }
            }
            if let user = gif.user {
                writer.key("user")
                write(user, to: &writer)
            }
            writer.member("analytics_response_payload", "e=\(gif.id.prefix(8))")
            if let analyticsBase {
                writer.key("analytics")
                FakePingbacks.writeAnalytics(for: gif, base: analyticsBase, to: &writer)
            }
            // GIPHY sends an empty alt_text where it has none.
            writer.member("alt_text", gif.altText ?? "")
        }
    }

    /// Only the fields the rendition has, numbers as strings.
    private static func write(_ rendition: CatalogRendition, to writer: inout JSONWriter) {
        writer.object { writer in
            func add(_ key: StaticString, _ number: Int?) { if let number { writer.member(key, String(number)) } }
            func add(_ key: StaticString, _ text: String?) { if let text { writer.member(key, text) } }
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

    private static func write(_ user: CatalogUser, to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("avatar_url", user.avatarURL)
            writer.member("banner_image", user.bannerURL)
            writer.member("banner_url", user.bannerURL)
            writer.member("profile_url", user.profileURL)
            writer.member("username", user.username)
            writer.member("display_name", user.displayName)
            writer.member("description", user.description)
            writer.member("instagram_url", "")
            writer.member("website_url", "")
            writer.key("is_verified")
            writer.bool(user.isVerified)
        }
    }
}

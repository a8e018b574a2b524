import GifService

/// The shapes sent most often, written directly with `JSONWriter`; the same members as their
/// Codable encodings (GifService), keys in sorted order.
protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

extension GIF: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in writeMembers(to: &writer) }
    }

    /// The members alone, so wrappers (favorites, stale answers) can add their own in order.
    func writeMembers(to writer: inout JSONWriter, addedAt: String? = nil, stale: Bool = false) {
        if let addedAt { writer.member("added_at", addedAt) }
        if let createdAt { writer.member("created_at", ISO8601.string(from: createdAt)) }
        writer.member("id", id)
        if !images.isEmpty {
            writer.key("images")
            writer.object { writer in
                for name in images.keys.sorted() {
                    guard let rendition = images[name] else { continue }
                    writer.key(name)
                    rendition.write(to: &writer)
                }
            }
        }
        if let isFavorite { writer.key("is_favorite"); writer.bool(isFavorite) }
        writer.meaningful("rating", rating)
        writer.member("share_text", shareText)
        writer.meaningful("share_url", shareURL)
        if stale { writer.key("stale"); writer.bool(true) }
        writer.meaningful("title", title)
        writer.member("url", url)
        if let user, user.hasValue {
            writer.key("user")
            writer.object { writer in
                writer.meaningful("avatar_url", user.avatarURL)
                writer.meaningful("display_name", user.displayName)
                writer.meaningful("profile_url", user.profileURL)
                writer.meaningful("username", user.username)
            }
        }
        writer.meaningful("username", username)
    }
}

extension Rendition: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("height", height)
            writer.meaningful("mp4", mp4)
            writer.meaningful("size", size)
            writer.member("url", url)
            writer.meaningful("webp", webp)
            writer.member("width", width)
        }
    }
}

extension GIFPage: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("data")
            writer.array(data) { writer, gif in gif.write(to: &writer) }
            writer.key("pagination")
            writer.object { writer in
                writer.member("count", pagination.count)
                writer.key("next_offset")
                if let next = pagination.nextOffset { writer.int(next) } else { writer.null() }
                writer.member("offset", pagination.offset)
                if let total = pagination.totalCount { writer.member("total_count", total) }
            }
            if stale == true { writer.key("stale"); writer.bool(true) }
        }
    }
}

extension Favorite: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in gif.writeMembers(to: &writer, addedAt: ISO8601.string(from: addedAt)) }
    }
}

/// A GIF answered from the cache because the upstream failed: its members plus `"stale": true`.
struct StaleMarkedGIF: JSONWritable {
    let gif: GIF
    let stale: Bool

    func write(to writer: inout JSONWriter) {
        writer.object { writer in gif.writeMembers(to: &writer, stale: stale) }
    }
}

/// Our GIF shape in JSON, written once: for answers and for stored snapshots (which `GIF`'s
/// `Decodable` reads back). Keys in sorted order; fields without a value are left out.
extension GIF: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in writeMembers(to: &writer) }
    }

    /// The members alone, so wrappers (favorites, stale answers) can add their own in order.
    public func writeMembers(to writer: inout JSONWriter, addedAt: String? = nil, stale: Bool = false) {
        if let addedAt { writer.member("added_at", addedAt) }
        writer.meaningful("alt_text", altText)
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
            user.write(to: &writer)
        }
        writer.meaningful("username", username)
    }
}

extension GIFUser: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.meaningful("avatar_url", avatarURL)
            writer.meaningful("display_name", displayName)
            writer.meaningful("profile_url", profileURL)
            writer.meaningful("username", username)
        }
    }
}

extension Rendition: JSONWritable {
    public func write(to writer: inout JSONWriter) {
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

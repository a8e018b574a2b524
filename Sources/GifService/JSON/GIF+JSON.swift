/// Our GIF shape in JSON, written once: for answers and for stored snapshots (which `GIF`'s
/// `Decodable` reads back). Keys in sorted order; fields without a value are left out.
extension GIF: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in writeMembers(to: &writer) }
    }

    /// The members alone, so wrappers (favorites, stale answers) can add their own in order.
    public func writeMembers(to writer: inout JSONWriter, form: GIFForm = .full, addedAt: String? = nil, stale: Bool = false) {
        if let addedAt { writer.member("added_at", addedAt) }
        writer.meaningful("alt_text", altText)
        if !form.isCompact, let createdAt { writer.member("created_at", ISO8601.string(from: createdAt)) }
        writer.member("id", id)
        writeImages(to: &writer, form: form)
        if let isFavorite { writer.key("is_favorite"); writer.bool(isFavorite) }
        writer.meaningful("rating", rating)
        writer.member("share_text", shareText)
        writer.meaningful("share_url", shareURL)
        if stale { writer.key("stale"); writer.bool(true) }
        writer.meaningful("title", title)
        writer.member("url", url)
        if let user, user.hasValue {
            if form.isCompact {
                writeAuthor(user, to: &writer)
            } else {
                writer.key("user")
                user.write(to: &writer)
            }
        }
        // In compact form the author's username is in `user` when there is one.
        if !form.isCompact || (user?.username ?? "").isEmpty { writer.meaningful("username", username) }
    }

    private func writeImages(to writer: inout JSONWriter, form: GIFForm) {
        let names = images.keys.filter(form.renditions.includes).sorted()
        guard !names.isEmpty else { return }
        writer.key("images")
        writer.object { writer in
            for name in names {
                guard let rendition = images[name] else { continue }
                writer.key(name)
                if form.isCompact {
                    rendition.write(to: &writer, withSize: false, withVideo: !GIFForm.stillOnlyWhenCompact.contains(name))
                } else {
                    rendition.write(to: &writer)
                }
            }
        }
    }

    /// The author's names alone; a user with links only is left out.
    private func writeAuthor(_ user: GIFUser, to writer: inout JSONWriter) {
        guard !(user.displayName ?? "").isEmpty || !(user.username ?? "").isEmpty else { return }
        writer.key("user")
        writer.object { writer in
            writer.meaningful("display_name", user.displayName)
            writer.meaningful("username", user.username)
        }
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
        write(to: &writer, withSize: true, withVideo: true)
    }

    /// `withSize` false leaves out the byte size, `withVideo` false the mp4 and webp urls.
    func write(to writer: inout JSONWriter, withSize: Bool = true, withVideo: Bool = true) {
        writer.object { writer in
            writer.member("height", height)
            if withVideo { writer.meaningful("mp4", mp4) }
            if withSize { writer.meaningful("size", size) }
            writer.member("url", url)
            if withVideo { writer.meaningful("webp", webp) }
            writer.member("width", width)
        }
    }
}

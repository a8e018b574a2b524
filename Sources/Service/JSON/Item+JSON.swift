/// Our item shape in JSON, written once: for answers and for what the server keeps (which
/// `Item`'s `Decodable` reads back). Keys in sorted order; fields without a value are left out.
extension Item: JSONWritable {
    /// The form the server keeps (cached answers, snapshots): everything, its own links included.
    /// Answers write `writeMembers` with their form instead.
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in writeMembers(to: &writer, form: .stored) }
    }

    /// The members alone, so wrappers (favorites, stale answers) can add their own in order.
    public func writeMembers(to writer: inout JSONWriter, form: ItemForm = .full, addedAt: String? = nil, stale: Bool = false) {
        if let addedAt { writer.member("added_at", addedAt) }
        writer.meaningful("alt_text", altText)
        if let attribution { writer.key("attribution"); attribution.write(to: &writer) }
        writer.meaningful("blur_hash", blurHash)
        if !form.isCompact, let camera, camera.hasValue { writer.key("camera"); camera.write(to: &writer) }
        writer.meaningful("color", color)
        if !form.isCompact, let createdAt { writer.member("created_at", ISO8601.string(from: createdAt)) }
        writer.meaningful("height", height)
        writer.member("id", id)
        writeImages(to: &writer, form: form)
        if let isFavorite { writer.key("is_favorite"); writer.bool(isFavorite) }
        if !form.isCompact { writer.meaningful("likes", likes) }
        if !form.isCompact, let location, location.hasValue { writer.key("location"); location.write(to: &writer) }
        writer.member("provider", provider.rawValue)
        // A list's items leave out what the list already says or repeats: the rating it was
        // filtered by, and the short link, which is in share_text.
        if !form.isCompact { writer.meaningful("rating", rating) }
        writer.member("share_text", shareText)
        if !form.isCompact { writer.meaningful("share_url", shareURL) }
        if stale { writer.key("stale"); writer.bool(true) }
        writer.meaningful("title", title)
        if form.keepsUpstreamLinks, let upstreamLinks, upstreamLinks.hasValue {
            writer.key("upstream_links")
            upstreamLinks.write(to: &writer)
        }
        writer.member("url", url)
        if let user, user.hasValue {
            if form.isCompact {
                writeAuthor(user, to: &writer)
            } else {
                writer.key("user")
                user.write(to: &writer, form: form)
            }
        }
        // In compact form the author's username is in `user` when there is one.
        if !form.isCompact || (user?.username ?? "").isEmpty { writer.meaningful("username", username) }
        writer.meaningful("width", width)
    }

    private func writeImages(to writer: inout JSONWriter, form: ItemForm) {
        // One small array, sorted in place: every item of every page written passes here.
        var chosen: [(name: String, rendition: Rendition)] = []
        chosen.reserveCapacity(images.count)
        for (name, rendition) in images where form.renditions.includes(name) { chosen.append((name, rendition)) }
        guard !chosen.isEmpty else { return }
        chosen.sort { $0.name < $1.name }
        writer.key("images")
        writer.object { writer in
            for (name, rendition) in chosen {
                writer.key(escaping: name)
                if form.isCompact {
                    rendition.write(to: &writer, withSize: false, withVideo: !ItemForm.stillOnlyWhenCompact.contains(name), form: form)
                } else {
                    rendition.write(to: &writer, form: form)
                }
            }
        }
    }

    /// The author's names alone; a user with links only is left out.
    private func writeAuthor(_ user: Author, to writer: inout JSONWriter) {
        guard !(user.displayName ?? "").isEmpty || !(user.username ?? "").isEmpty else { return }
        writer.key("user")
        writer.object { writer in
            writer.meaningful("display_name", user.displayName)
            writer.meaningful("username", user.username)
        }
    }
}

extension Attribution: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.meaningful("author_url", authorURL)
            writer.meaningful("provider_url", providerURL)
            writer.member("text", text)
        }
    }
}

extension PhotoLocation: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.meaningful("city", city)
            writer.meaningful("country", country)
            writer.meaningful("name", name)
        }
    }
}

extension PhotoCamera: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.meaningful("aperture", aperture)
            writer.meaningful("exposure_time", exposureTime)
            writer.meaningful("focal_length", focalLength)
            writer.meaningful("iso", iso)
            writer.meaningful("make", make)
            writer.meaningful("model", model)
        }
    }
}

extension UpstreamLinks: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.meaningful("download_location", downloadLocation)
            writer.meaningful("onclick", onclick)
            writer.meaningful("onload", onload)
            writer.meaningful("onsent", onsent)
        }
    }
}

extension Author: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        write(to: &writer, form: .stored)
    }

    func write(to writer: inout JSONWriter, form: ItemForm) {
        writer.object { writer in
            writer.meaningful("avatar_url", avatarURL.map(form.resolved))
            writer.meaningful("display_name", displayName)
            writer.meaningful("profile_url", profileURL)
            writer.meaningful("username", username)
        }
    }
}

extension Rendition: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        write(to: &writer, withSize: true, withVideo: true, form: .stored)
    }

    /// `withSize` false leaves out the byte size, `withVideo` false the mp4 and webp urls; links
    /// are written against the form's base.
    func write(to writer: inout JSONWriter, withSize: Bool = true, withVideo: Bool = true, form: ItemForm) {
        writer.object { writer in
            writer.member("height", height)
            if withVideo { writer.meaningful("mp4", mp4.map(form.resolved)) }
            if withSize { writer.meaningful("size", size) }
            writer.member("url", form.resolved(url))
            if withVideo { writer.meaningful("webp", webp.map(form.resolved)) }
            writer.member("width", width)
        }
    }
}

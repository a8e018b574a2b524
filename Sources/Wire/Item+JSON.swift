import Model
import JSON

/// Our item shape in JSON, written once: for answers and for what the server keeps (which
/// `init(json:)`, Item+Reading.swift, reads back with the same keys, `ItemKeys`). Keys in sorted
/// order; fields without a value are left out.
extension Item: JSONWritable {
    private typealias K = ItemKeys

    /// The form the server keeps (cached answers, snapshots): everything, its own links included.
    /// Answers write `writeMembers` with their form instead.
    package func write(to writer: inout JSONWriter) {
        writer.object { writer in writeMembers(to: &writer, form: .stored) }
    }

    /// The members alone, so wrappers (favorites, stale answers) can add their own in order.
    /// `markedFavorite` is written as `is_favorite` in place of the item's own mark (a page's
    /// writer marks the upstream's items where they lie, `PageAnswer.Kept`).
    package func writeMembers(to writer: inout JSONWriter, form: ItemForm = .full, addedAt: String? = nil, stale: Bool = false,
                              markedFavorite: Bool? = nil) {
        if let addedAt { writer.member(K.addedAt, addedAt) }
        writer.meaningful(K.altText, altText)
        if let attribution { writer.key(K.attribution); attribution.write(to: &writer) }
        writer.meaningful(K.blurHash, blurHash)
        if !form.isCompact, let camera, camera.hasValue { writer.key(K.camera); camera.write(to: &writer) }
        writer.meaningful(K.color, color)
        if !form.isCompact, let createdAt { writer.member(K.createdAt, ISO8601.string(from: createdAt)) }
        writer.meaningful(K.height, height)
        writer.member(K.id, id)
        writeImages(to: &writer, form: form)
        if let isFavorite = markedFavorite ?? isFavorite { writer.key(K.isFavorite); writer.bool(isFavorite) }
        if !form.isCompact { writer.meaningful(K.likes, likes) }
        if !form.isCompact, let location, location.hasValue { writer.key(K.location); location.write(to: &writer) }
        writer.member(K.provider, provider.rawValue)
        // A list's items leave out what the list already says or repeats: the rating it was
        // filtered by, and the short link, which is in share_text.
        if !form.isCompact { writer.meaningful(K.rating, rating) }
        switch shareTextParts {
        case .preset(let text): writer.member(K.shareText, text)
        case .titled(let title, let link): writer.key(K.shareText); writer.string(title, link, separator: 0x20)
        }
        if !form.isCompact { writer.meaningful(K.shareURL, shareURL) }
        if stale { writer.key(K.stale); writer.bool(true) }
        writer.meaningful(K.title, title)
        if form.keepsUpstreamLinks, let upstreamLinks, upstreamLinks.hasValue {
            writer.key(K.upstreamLinks)
            upstreamLinks.write(to: &writer)
        }
        writer.member(K.url, url)
        if let user, user.hasValue {
            if form.isCompact {
                writeAuthor(user, to: &writer)
            } else {
                writer.key(K.user)
                user.write(to: &writer, form: form)
            }
        }
        // In compact form the author's username is in `user` when there is one.
        if !form.isCompact || (user?.username ?? "").isEmpty { writer.meaningful(K.username, username) }
        writer.meaningful(K.width, width)
    }

    /// `writeMembers` of the item at `index` of `items`, read where it lies. Called on `items[index]`,
    /// Swift copies the item for the call (a retain and a release of each of its fields: ~2% of an
    /// own-call miss's samples, issue 46 item 7), as it cannot tell that the call leaves the buffer's
    /// memory alone. An `inout` argument is exclusive for the call, so the item is lent as it lies;
    /// it is only read, never written (the storage may be a cached page's, shared).
    package static func writeMembers(of items: UnsafeBufferPointer<Item>, at index: Int, to writer: inout JSONWriter,
                                     form: ItemForm, markedFavorite: Bool? = nil) {
        guard let base = items.baseAddress else { preconditionFailure("Item.writeMembers(of:at:): an empty buffer has no item \(index)") }
        precondition(items.indices.contains(index), "Item.writeMembers(of:at:): \(index) is outside the buffer")
        writeLent(&UnsafeMutablePointer(mutating: base + index).pointee, to: &writer, form: form, markedFavorite: markedFavorite)
    }

    private static func writeLent(_ item: inout Item, to writer: inout JSONWriter, form: ItemForm, markedFavorite: Bool?) {
        item.writeMembers(to: &writer, form: form, markedFavorite: markedFavorite)
    }

    private func writeImages(to writer: inout JSONWriter, form: ItemForm) {
        // Every item of every page written passes here: `Renditions` are kept in the order
        // written (their names as Strings sort), so each is written as it comes, those the form
        // leaves out skipped; nothing is sorted, looked up, allocated or copied per item.
        let order = form.renditionOrder
        guard !images.isEmpty, images.hasName(where: { order.includes($0) }) else { return }
        writer.key(K.images)
        writer.object { writer in
            // Links written from the renditions' buffer: no String made per link.
            images.forEachInPlace { name, rendition in
                if order.includes(name) { writeRendition(rendition, named: name, to: &writer, form: form) }
            }
        }
    }

    private func writeRendition(_ rendition: RenditionBytes, named name: String, to writer: inout JSONWriter, form: ItemForm) {
        writer.key(escaping: name)
        if form.isCompact {
            rendition.write(to: &writer, withSize: false, withVideo: !ItemForm.isStillOnlyWhenCompact(name), form: form)
        } else {
            rendition.write(to: &writer, form: form)
        }
    }

    /// The author's names alone; a user with links only is left out.
    private func writeAuthor(_ user: Author, to writer: inout JSONWriter) {
        guard !(user.displayName ?? "").isEmpty || !(user.username ?? "").isEmpty else { return }
        writer.key(K.user)
        writer.object { writer in
            writer.meaningful(K.displayName, user.displayName)
            writer.meaningful(K.username, user.username)
        }
    }
}

extension Attribution: JSONWritable {
    private typealias K = ItemKeys

    package func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.meaningful(K.authorURL, authorURL)
            writer.meaningful(K.providerURL, providerURL)
            writer.member(K.text, text)
        }
    }
}

extension PhotoLocation: JSONWritable {
    private typealias K = ItemKeys

    package func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.meaningful(K.city, city)
            writer.meaningful(K.country, country)
            writer.meaningful(K.name, name)
        }
    }
}

extension PhotoCamera: JSONWritable {
    private typealias K = ItemKeys

    package func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.meaningful(K.aperture, aperture)
            writer.meaningful(K.exposureTime, exposureTime)
            writer.meaningful(K.focalLength, focalLength)
            writer.meaningful(K.iso, iso)
            writer.meaningful(K.make, make)
            writer.meaningful(K.model, model)
        }
    }
}

extension UpstreamLinks: JSONWritable {
    private typealias K = ItemKeys

    package func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.meaningful(K.downloadLocation, downloadLocation)
            writer.meaningful(K.onclick, onclick)
            writer.meaningful(K.onload, onload)
            writer.meaningful(K.onsent, onsent)
        }
    }
}

extension Author: JSONWritable {
    private typealias K = ItemKeys

    package func write(to writer: inout JSONWriter) {
        write(to: &writer, form: .stored)
    }

    func write(to writer: inout JSONWriter, form: ItemForm) {
        writer.object { writer in
            form.writeLink(K.avatarURL, avatarURL, to: &writer)
            writer.meaningful(K.displayName, displayName)
            writer.meaningful(K.profileURL, profileURL)
            writer.meaningful(K.username, username)
        }
    }
}

extension Rendition: JSONWritable {
    package func write(to writer: inout JSONWriter) {
        var url = url, mp4 = mp4, webp = webp
        url.withUTF8 { url in
            Self.withOptionalUTF8(&mp4) { mp4 in
                Self.withOptionalUTF8(&webp) { webp in
                    RenditionBytes(width: width, height: height, size: size, url: UnsafeRawBufferPointer(url), mp4: mp4, webp: webp)
                        .write(to: &writer, form: .stored)
                }
            }
        }
    }

    private static func withOptionalUTF8(_ text: inout String?, _ body: (UnsafeRawBufferPointer?) -> Void) {
        guard var value = text else { return body(nil) }
        value.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}

extension RenditionBytes {
    private typealias K = ItemKeys

    /// `withSize` false leaves out the byte size, `withVideo` false the mp4 and webp urls; links
    /// are written against the form's base.
    func write(to writer: inout JSONWriter, withSize: Bool = true, withVideo: Bool = true, form: ItemForm) {
        writer.object { writer in
            writer.member(K.height, height)
            if withVideo { form.writeLink(K.mp4, mp4, to: &writer) }
            if withSize { writer.meaningful(K.size, size) }
            writer.key(K.url)
            form.writeLink(url, to: &writer)
            if withVideo { form.writeLink(K.webp, webp, to: &writer) }
            writer.member(K.width, width)
        }
    }
}

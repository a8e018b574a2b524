/// An item's renditions by name ("preview", "fixed_width", "original", "small"...): a few of them,
/// kept in one array sorted by name (as Strings sort), each name once. Not a `[String: Rendition]`:
/// every GIF mapped built one (hashing each name, a table twice the size), and the writer, which
/// writes them in this very order, looked each up by name again.
///
/// Their links (url, mp4, webp) are kept as UTF-8 in ONE byte buffer, one after another: a
/// String per link was a malloc each (a link is longer than a small String's 15 bytes), some 340
/// of a GIPHY page's 690 (issue 46 item 7). A mapping appends a link's bytes straight from the
/// upstream's JSON (`append(name:width:height:size:links:)`), the writer writes them from the
/// buffer (`forEachInPlace`); a `Rendition` (Strings) is made only when one is asked for.
package struct Renditions: Sendable {
    /// Sorted by name, names unique: two equal sets of renditions are equal arrays.
    private var entries: [Entry]
    /// The links of `entries`, each a range of these bytes, always valid UTF-8. Replacing or
    /// removing a rendition rebuilds it (`rebuilt`): no bytes are left behind unused.
    private var links: [UInt8]

    private struct Entry: Sendable {
        var name: String
        var width: Int
        var height: Int
        var size: Optional<Int>
        var url: Range<Int>
        var mp4: Optional<Range<Int>>
        var webp: Optional<Range<Int>>
    }

    package init() {
        entries = []
        links = []
    }

    /// Room for `count` renditions and `linkBytes` bytes of their links: a mapping that knows
    /// how many it may set allocates once for each.
    package init(minimumCapacity count: Int, linkBytes: Int = 0) {
        entries = []
        entries.reserveCapacity(count)
        links = []
        links.reserveCapacity(linkBytes)
    }

    /// The rendition named `name`; setting one replaces the one of that name, setting nil removes it.
    package subscript(name: String) -> Rendition? {
        get {
            guard case .found(let place) = search(name) else { return nil }
            return rendition(entries[place])
        }
        set {
            switch (search(name), newValue) {
            case (.found(let place), let rendition?):
                var rebuilt = rebuilt(leavingOut: place)
                rebuilt.insert(rendition, named: name, at: place)
                self = rebuilt
            case (.found(let place), nil): self = rebuilt(leavingOut: place)
            case (.missing(let place), let rendition?): insert(rendition, named: name, at: place)
            case (.missing, nil): break
            }
        }
    }

    /// A rendition given as its numbers, its links appended as bytes by `links` (a mapping's,
    /// from the upstream's JSON, no String made): added only when `links` gives a url. Named in
    /// order (after every name set so far) it is appended, else it goes in its place. Returns
    /// whether it was added.
    @discardableResult
    package mutating func append(name: String, width: Int, height: Int, size: Int?,
                                 links write: (inout RenditionLinks) -> Void) -> Bool {
        let place: Int
        switch search(name) {
        case .found: return false
        case .missing(let insertAt): place = insertAt
        }
        var appended = RenditionLinks(bytes: [])
        swap(&appended.bytes, &links)
        let start = appended.bytes.count
        write(&appended)
        swap(&appended.bytes, &links)
        guard let url = appended.url else {
            links.removeSubrange(start...)
            return false
        }
        let entry = Entry(name: name, width: width, height: height, size: size, url: url, mp4: appended.mp4, webp: appended.webp)
        // Appended, not inserted at the end: `insert` is the generic replaceSubrange (1.2% of
        // an own-call GIPHY miss, whose renditions are set in order).
        if place == entries.count { entries.append(entry) } else { entries.insert(entry, at: place) }
        return true
    }

    private mutating func insert(_ rendition: Rendition, named name: String, at place: Int) {
        // Room for this one's links and as many again for each rendition still to come (at
        // least four), when there is not: a buffer grown by doubling from nothing was a malloc
        // per rendition or two for the mappings that set Renditions (KLIPY, Pexels, stored items).
        let size = rendition.url.utf8.count + (rendition.mp4?.utf8.count ?? 0) + (rendition.webp?.utf8.count ?? 0)
        if links.count + size > links.capacity {
            links.reserveCapacity(links.count + size * Swift.max(entries.capacity - entries.count, 4))
        }
        let url = appendLink(rendition.url)
        let entry = Entry(name: name, width: rendition.width, height: rendition.height, size: rendition.size,
                          url: url, mp4: rendition.mp4.map { appendLink($0) }, webp: rendition.webp.map { appendLink($0) })
        if place == entries.count { entries.append(entry) } else { entries.insert(entry, at: place) }
    }

    private mutating func appendLink(_ link: String) -> Range<Int> {
        let start = links.count
        links.append(contentsOf: link.utf8)
        return start..<links.count
    }

    /// The same renditions but the one at `place`, their links copied into a buffer of their own size.
    private func rebuilt(leavingOut place: Int) -> Renditions {
        var rebuilt = Renditions(minimumCapacity: entries.count, linkBytes: links.count)
        for (index, entry) in entries.enumerated() where index != place {
            rebuilt.insert(rendition(entry), named: entry.name, at: rebuilt.entries.count)
        }
        return rebuilt
    }

    private enum Place {
        case found(Int)
        case missing(insertAt: Int)
    }

    /// Where `name` is, or where it goes. From the end: mappings set their names in sorted order,
    /// so a new one is appended after one comparison.
    private func search(_ name: String) -> Place {
        var place = entries.count
        while place > 0 {
            let other = entries[place - 1].name
            if other == name { return .found(place - 1) }
            if other < name { break }
            place -= 1
        }
        return .missing(insertAt: place)
    }

    private func rendition(_ entry: Entry) -> Rendition {
        Rendition(url: text(entry.url), width: entry.width, height: entry.height, size: entry.size,
                  mp4: entry.mp4.map(text), webp: entry.webp.map(text))
    }

    private func text(_ range: Range<Int>) -> String {
        links.withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The bytes its links take: every one in use (none is left behind by a rendition replaced,
    /// removed or not added).
    package var linkBytes: Int { links.count }

    package var isEmpty: Bool { entries.isEmpty }
    package var count: Int { entries.count }

    /// Whether a rendition's name is one `matching` takes.
    package func hasName(where matching: (String) -> Bool) -> Bool {
        entries.contains { matching($0.name) }
    }

    /// Each rendition with its name, in order, its links lent as bytes: for writers, a call per
    /// item rather than a generic one per rendition (a `package` type's conformance is not
    /// specialised in another module), and no String made per link.
    package func forEachInPlace(_ body: (_ name: String, _ rendition: RenditionBytes) -> Void) {
        links.withUnsafeBytes { bytes in
            for entry in entries {
                body(entry.name, RenditionBytes(width: entry.width, height: entry.height, size: entry.size,
                                                url: UnsafeRawBufferPointer(rebasing: bytes[entry.url]),
                                                mp4: entry.mp4.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) },
                                                webp: entry.webp.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) }))
            }
        }
    }

    /// The names, sorted.
    package var names: some RandomAccessCollection<String> { entries.lazy.map(\.name) }
    /// The renditions, in their names' order.
    package var values: some RandomAccessCollection<Rendition> { entries.lazy.map { rendition($0) } }

    /// The same names, each rendition transformed.
    package func mapValues(_ transform: (Rendition) throws -> Rendition) rethrows -> Renditions {
        var mapped = Renditions(minimumCapacity: entries.count, linkBytes: links.count)
        for entry in entries { mapped.insert(try transform(rendition(entry)), named: entry.name, at: mapped.entries.count) }
        return mapped
    }
}

extension Renditions: Equatable {
    /// The same names with the same numbers and links (a link absent is not an empty one);
    /// where in the buffer a link lies does not count.
    package static func == (lhs: Renditions, rhs: Renditions) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        return lhs.links.withUnsafeBytes { left in
            rhs.links.withUnsafeBytes { right in
                zip(lhs.entries, rhs.entries).allSatisfy { one, other in
                    func same(_ first: Range<Int>?, _ second: Range<Int>?) -> Bool {
                        switch (first, second) {
                        case (nil, nil): true
                        case (let first?, let second?): left[first].elementsEqual(right[second])
                        default: false
                        }
                    }
                    return one.name == other.name && one.width == other.width && one.height == other.height
                        && one.size == other.size && same(one.url, other.url) && same(one.mp4, other.mp4)
                        && same(one.webp, other.webp)
                }
            }
        }
    }
}

extension Renditions: RandomAccessCollection {
    package var startIndex: Int { entries.startIndex }
    package var endIndex: Int { entries.endIndex }
    package subscript(position: Int) -> (name: String, rendition: Rendition) {
        let entry = entries[position]
        return (entry.name, rendition(entry))
    }
}

extension Renditions: ExpressibleByDictionaryLiteral {
    /// A name given twice keeps the last, as setting it twice does.
    package init(dictionaryLiteral elements: (String, Rendition)...) {
        self.init(minimumCapacity: elements.count)
        for (name, rendition) in elements { self[name] = rendition }
    }
}

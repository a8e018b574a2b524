/// An item's renditions by name ("preview", "fixed_width", "original", "small"...): a few of them,
/// kept in one array sorted by name (as Strings sort), each name once. Not a `[String: Rendition]`:
/// every GIF mapped built one (hashing each name, a table twice the size), and the writer, which
/// writes them in this very order, looked each up by name again.
package struct Renditions: Equatable, Sendable {
    /// Sorted by name, names unique: two equal sets of renditions are equal arrays.
    private var entries: [Entry]

    private struct Entry: Equatable, Sendable {
        var name: String
        var rendition: Rendition
    }

    package init() { entries = [] }

    /// Room for `count` renditions: a mapping that knows how many it may set allocates once.
    package init(minimumCapacity count: Int) {
        entries = []
        entries.reserveCapacity(count)
    }

    /// The rendition named `name`; setting one replaces the one of that name, setting nil removes it.
    package subscript(name: String) -> Rendition? {
        get {
            guard case .found(let place) = search(name) else { return nil }
            return entries[place].rendition
        }
        set {
            switch (search(name), newValue) {
            case (.found(let place), let rendition?): entries[place].rendition = rendition
            case (.found(let place), nil): entries.remove(at: place)
            // Appended, not inserted at the end: `insert` is the generic replaceSubrange (1.2% of
            // an own-call GIPHY miss, whose renditions are set in order).
            case (.missing(let place), let rendition?) where place == entries.count: entries.append(Entry(name: name, rendition: rendition))
            case (.missing(let place), let rendition?): entries.insert(Entry(name: name, rendition: rendition), at: place)
            case (.missing, nil): break
            }
        }
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

    package var isEmpty: Bool { entries.isEmpty }
    package var count: Int { entries.count }

    /// Whether a rendition's name is one `matching` takes.
    package func hasName(where matching: (String) -> Bool) -> Bool {
        entries.contains { matching($0.name) }
    }

    /// Each rendition with its name, in order: for writers, a call per item rather than a generic
    /// one per rendition (a `package` type's conformance is not specialised in another module).
    package func forEachNamed(_ body: (_ name: String, _ rendition: Rendition) -> Void) {
        for entry in entries { body(entry.name, entry.rendition) }
    }

    /// The names, sorted.
    package var names: some RandomAccessCollection<String> { entries.lazy.map(\.name) }
    /// The renditions, in their names' order.
    package var values: some RandomAccessCollection<Rendition> { entries.lazy.map(\.rendition) }

    /// The same names, each rendition transformed.
    package func mapValues(_ transform: (Rendition) throws -> Rendition) rethrows -> Renditions {
        var mapped = self
        for place in mapped.entries.indices { mapped.entries[place].rendition = try transform(mapped.entries[place].rendition) }
        return mapped
    }
}

extension Renditions: RandomAccessCollection {
    package var startIndex: Int { entries.startIndex }
    package var endIndex: Int { entries.endIndex }
    package subscript(position: Int) -> (name: String, rendition: Rendition) {
        let entry = entries[position]
        return (entry.name, entry.rendition)
    }
}

extension Renditions: ExpressibleByDictionaryLiteral {
    /// A name given twice keeps the last, as setting it twice does.
    package init(dictionaryLiteral elements: (String, Rendition)...) {
        self.init(minimumCapacity: elements.count)
        for (name, rendition) in elements { self[name] = rendition }
    }
}

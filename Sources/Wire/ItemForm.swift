import Model
import JSON
/// How much of an item an answer writes. `full` is everything (single items, stored snapshots);
/// `compact` is what a grid and a detail screen draw, for list answers: no creation date, the
/// author's names without their links, renditions without byte sizes, and the original as its
/// GIF alone (for saving and the detail view; its mp4 and webp urls would double an item's size).
package struct ItemForm: Sendable, Hashable {
    /// The parts, held by reference: a form is copied into every request's inputs, and a copy
    /// retains one object rather than each string and array of it.
    private let parts: Parts

    private final class Parts: Sendable {
        let isCompact: Bool
        let renditions: RenditionSelection
        let keepsUpstreamLinks: Bool
        let linkBase: String?
        let key: Key
        let renditionOrder: RenditionOrder

        init(isCompact: Bool, renditions: RenditionSelection, keepsUpstreamLinks: Bool, linkBase: String?, key: Key) {
            self.isCompact = isCompact
            self.renditions = renditions
            renditionOrder = RenditionOrder(renditions)
            self.keepsUpstreamLinks = keepsUpstreamLinks
            self.linkBase = linkBase
            self.key = key
        }
    }

    package var isCompact: Bool { parts.isCompact }
    package var renditions: RenditionSelection { parts.renditions }

    /// Which renditions are written: the ones the selection names, or every one for `all`.
    var renditionOrder: RenditionOrder { parts.renditionOrder }

    /// Whether the server's own links (`UpstreamLinks`) are written: only where the server keeps
    /// an item (cached answers, snapshots), never in an answer.
    package var keepsUpstreamLinks: Bool { parts.keepsUpstreamLinks }

    /// What links to this server itself are written against: items keep them as paths (the demo
    /// catalogs' media, `/media/...`), and an answer gives them the scheme, host and port the
    /// client reached the server at ("http://192.168.1.20:8080"). Nil writes them as kept.
    package var linkBase: String? { parts.linkBase }

    /// What names the form, for keys of answers written with it: its text, made once per form,
    /// and the link base as it is, so that linking a form (every list answer does) joins nothing.
    /// Two forms are equal when their keys are (the text names all the rest).
    package var key: Key { parts.key }

    package struct Key: Hashable, Sendable, CustomStringConvertible {
        let form: String
        let linkBase: String?
        package var description: String { form + (linkBase.map { "@" + $0 } ?? "") }
    }

    package init(isCompact: Bool, renditions: RenditionSelection, keepsUpstreamLinks: Bool = false, linkBase: String? = nil) {
        let key = Key(form: (isCompact ? "compact:" : "full:") + renditions.key + (keepsUpstreamLinks ? ":stored" : ""),
                      linkBase: linkBase)
        parts = Parts(isCompact: isCompact, renditions: renditions, keepsUpstreamLinks: keepsUpstreamLinks, linkBase: linkBase, key: key)
    }

    private init(_ parts: Parts) { self.parts = parts }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.parts === rhs.parts || lhs.key == rhs.key }
    package func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// The same form, its links written against `base` (answers for another base are kept apart).
    package func linked(to base: String?) -> ItemForm {
        guard base != linkBase else { return self }
        return ItemForm(Parts(isCompact: isCompact, renditions: renditions, keepsUpstreamLinks: keepsUpstreamLinks, linkBase: base,
                              key: Key(form: key.form, linkBase: base)))
    }

    /// `link` as an answer writes it: a path of this server's against `linkBase`; any other as it is.
    package func resolved(_ link: String) -> String {
        guard let linkBase, link.utf8.first == UInt8(ascii: "/") else { return link }
        return linkBase + link
    }

    /// `link` as `resolved` gives it, written as the value of `key`, joined as written (no String
    /// made); left out when empty or absent, as `meaningful` leaves it.
    func writeLink(_ key: StaticString, _ link: String?, to writer: inout JSONWriter) {
        guard let link, !link.isEmpty else { return }
        writer.key(key)
        writeLink(link, to: &writer)
    }

    /// `link` as `resolved` gives it, written as a value.
    func writeLink(_ link: String, to writer: inout JSONWriter) {
        // The first byte read from the bytes themselves: `utf8.first` went through the generic
        // Collection's, a call per link.
        if let linkBase, (link.utf8.withContiguousStorageIfAvailable { $0.first } ?? link.utf8.first) == UInt8(ascii: "/") {
            writer.string(linkBase, link)
        } else {
            writer.string(link)
        }
    }

    /// The same for a link given as its UTF-8 bytes (`Renditions`' buffer).
    func writeLink(_ key: StaticString, _ link: UnsafeRawBufferPointer?, to writer: inout JSONWriter) {
        guard let link, !link.isEmpty else { return }
        writer.key(key)
        writeLink(link, to: &writer)
    }

    func writeLink(_ link: UnsafeRawBufferPointer, to writer: inout JSONWriter) {
        if let linkBase, link.first == UInt8(ascii: "/") {
            writer.string(linkBase, utf8: link)
        } else {
            writer.string(utf8: link)
        }
    }

    /// Whether a rendition is written with its GIF url only in compact form (the original).
    static func isStillOnlyWhenCompact(_ name: String) -> Bool { name == "original" }

    package static let full = ItemForm(isCompact: false, renditions: .all)
    package static let compact = ItemForm(isCompact: true, renditions: .listDefault)
    /// What the server keeps: everything, its own links included.
    package static let stored = ItemForm(isCompact: false, renditions: .all, keepsUpstreamLinks: true)
}

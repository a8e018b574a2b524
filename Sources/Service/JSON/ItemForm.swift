/// How much of a GIF an answer writes. `full` is everything (single GIFs, stored snapshots);
/// `compact` is what a grid and a detail screen draw, for list answers: no creation date, the
/// author's names without their links, renditions without byte sizes, and the original as its
/// GIF alone (for saving and the detail view; its mp4 and webp urls would double an item's size).
public struct ItemForm: Sendable, Hashable {
    public let isCompact: Bool
    public let renditions: RenditionSelection

    /// Whether the server's own links (`UpstreamLinks`) are written: only where the server keeps
    /// an item (cached answers, snapshots), never in an answer.
    public let keepsUpstreamLinks: Bool

    /// A short text naming the form, for keys of answers written with it. Made once: every
    /// cached answer's key holds it.
    public let key: String

    public init(isCompact: Bool, renditions: RenditionSelection, keepsUpstreamLinks: Bool = false) {
        self.isCompact = isCompact
        self.renditions = renditions
        self.keepsUpstreamLinks = keepsUpstreamLinks
        key = (isCompact ? "compact:" : "full:") + renditions.key + (keepsUpstreamLinks ? ":stored" : "")
    }

    /// Renditions written with their GIF url only in compact form.
    static let stillOnlyWhenCompact: Set<String> = ["original"]

    public static let full = ItemForm(isCompact: false, renditions: .all)
    public static let compact = ItemForm(isCompact: true, renditions: .listDefault)
    /// What the server keeps: everything, its own links included.
    public static let stored = ItemForm(isCompact: false, renditions: .all, keepsUpstreamLinks: true)

}

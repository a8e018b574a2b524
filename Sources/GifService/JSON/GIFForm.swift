/// How much of a GIF an answer writes. `full` is everything (single GIFs, stored snapshots);
/// `compact` is what a grid and a detail screen draw, for list answers: no creation date, the
/// author's names without their links, renditions without byte sizes, and the original as its
/// GIF alone (for saving and the detail view; its mp4 and webp urls would double an item's size).
public struct GIFForm: Sendable, Hashable {
    public var isCompact: Bool
    public var renditions: RenditionSelection

    public init(isCompact: Bool, renditions: RenditionSelection) {
        self.isCompact = isCompact
        self.renditions = renditions
    }

    /// Renditions written with their GIF url only in compact form.
    static let stillOnlyWhenCompact: Set<String> = ["original"]

    public static let full = GIFForm(isCompact: false, renditions: .all)
    public static let compact = GIFForm(isCompact: true, renditions: .listDefault)

    /// A short text naming the form, for keys of answers written with it.
    public var key: String { (isCompact ? "compact:" : "full:") + renditions.key }
}

import Model
/// Which of an item's renditions a form writes (`ItemForm`), worked out once per form. They are
/// written in the order `Renditions` keeps them: their names as Strings sort.
struct RenditionOrder: Sendable {
    /// The names written; nil when every rendition is, whatever its name (one read back
    /// from a store may have any).
    let names: [String]?

    /// Whether `name` is written. Lengths first: the names' lengths mostly differ, and comparing
    /// two counts is cheaper than two Strings.
    func includes(_ name: String) -> Bool {
        guard let names else { return true }
        let length = name.utf8.count
        return names.contains { $0.utf8.count == length && $0 == name }
    }

    init(_ selection: RenditionSelection) {
        switch selection {
        case .all: names = nil
        case .named(let chosen): names = chosen
        }
    }
}

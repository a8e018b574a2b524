import Model
/// The order an item's renditions are written in: their names as Strings sort, worked out once per
/// form (`ItemForm`), so writing an item sorts nothing and copies no rendition to sort it.
struct RenditionOrder: Sendable {
    /// The names written, sorted.
    let names: [String]
    /// Whether every rendition is written (`all`): then an item with a name outside `names` (one
    /// read back from a store may have any) has its names sorted when written instead.
    let isEverything: Bool

    /// Where `name` goes in `names`; nil when it is not among them. Lengths first: the names'
    /// lengths mostly differ, and comparing two counts is cheaper than two Strings.
    func place(of name: String) -> Int? {
        let length = name.utf8.count
        return names.firstIndex { $0.utf8.count == length && $0 == name }
    }

    init(_ selection: RenditionSelection) {
        switch selection {
        case .all: (names, isEverything) = (RenditionSelection.knownNames.sorted(), true)
        case .named(let chosen): (names, isEverything) = (chosen.sorted(), false)
        }
    }
}

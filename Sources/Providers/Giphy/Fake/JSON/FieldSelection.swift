/// GIPHY's "fields on demand" (`fields=id,url,images.original`): each GIF object in `data` keeps
/// only the fields named, a dotted name keeping one field of a nested object (`images.original`
/// keeps that rendition of `images`, `user.username` that field of `user`); a field named whole
/// keeps all it holds. Our reading of GIPHY's documentation
/// (developers.giphy.com/docs/optional-settings/fields-on-demand): `pagination` and `meta` are
/// not projected, a name GIPHY does not have adds nothing, and no `fields` (or an empty one)
/// means every field.
package struct FieldSelection: Sendable {
    /// nil: every field of this object; otherwise the fields kept, each with what it keeps inside.
    private let kept: [String: FieldSelection]?

    package static let everything = FieldSelection(kept: nil)

    private init(kept: [String: FieldSelection]?) { self.kept = kept }

    /// `fields` as GIPHY reads it: a comma list of names, each a dotted path.
    package init(parameter: String?) {
        let paths = (parameter ?? "").split(separator: ",").map { $0.split(separator: ".").map(String.init) }
            .filter { !$0.isEmpty && !$0.contains(where: \.isEmpty) }
        self = paths.isEmpty ? .everything : paths.reduce(into: FieldSelection(kept: [:])) { $0 = $0.adding($1[...]) }
    }

    /// Whether the object written keeps the field `name`.
    package func keeps(_ name: String) -> Bool { kept == nil || kept?[name] != nil }

    /// What is kept inside the field `name` (everything when it is kept whole).
    package func inside(_ name: String) -> FieldSelection { kept?[name] ?? .everything }

    private func adding(_ path: ArraySlice<String>) -> FieldSelection {
        guard var kept, let first = path.first else { return self }
        let rest = path.dropFirst()
        if rest.isEmpty {
            kept[first] = .everything
        } else if let inner = kept[first] {
            // A field already kept whole stays whole.
            kept[first] = inner.adding(rest)
        } else {
            kept[first] = FieldSelection(kept: [:]).adding(rest)
        }
        return FieldSelection(kept: kept)
    }
}

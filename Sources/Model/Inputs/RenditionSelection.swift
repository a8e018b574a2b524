/// Which renditions a GIF's `images` carries in an answer: all of them, or the ones named.
package enum RenditionSelection: Sendable, Hashable {
    case all
    /// Known names, sorted, without repeats.
    case named([String])

    /// Our rendition names: the GIFs' (GIPHY's mapping fills them), then the photos' (Unsplash's).
    package static let knownNames = ["downsized", "fixed_height", "fixed_width", "original", "original_still", "preview", "still",
                                    "full", "raw", "regular", "small", "thumb"]
    /// What a grid and a detail view draw: for a GIF the 200 px animation, its still, and the
    /// original; for a photo the 200 px, 400 px and 1080 px ones (the full size is for saving).
    package static let listDefault = RenditionSelection.named(["fixed_width", "original", "regular", "small", "still", "thumb"])

    /// "all", or a comma list of known names (spaces around names ignored); nil for an empty
    /// list or an unknown name.
    package init?(_ text: String) {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        if names == ["all"] {
            self = .all
            return
        }
        guard !names.isEmpty, names.allSatisfy(Self.knownNames.contains) else { return nil }
        self = .named(Array(Set(names)).sorted())
    }

    package func includes(_ name: String) -> Bool {
        switch self {
        case .all: true
        case .named(let names): names.contains(name)
        }
    }

    /// A short text naming the selection, for keys of things made with it.
    package var key: String {
        switch self {
        case .all: "all"
        case .named(let names): names.joined(separator: ",")
        }
    }
}

private extension Substring {
    func trimmingWhitespace() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// What a browse request lists: GIFs, or stickers (GIFs with transparent backgrounds, served by
/// GIPHY's `/v1/stickers/...` twins with the same shapes).
package enum MediaType: String, Sendable, Hashable, CaseIterable {
    case gifs
    case stickers

    /// What a request that names none gets.
    package static let `default` = MediaType.gifs

    /// Any letter case; nil for anything else.
    package init?(_ text: String) {
        self.init(rawValue: text.lowercased())
    }
}

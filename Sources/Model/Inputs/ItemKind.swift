/// What a provider serves, and what a request that names no provider asks for (`kind`): GIFs
/// (GIPHY, KLIPY; stickers are GIFs too) or photos (Unsplash, Pexels). Each kind has its chain of
/// providers, tried in order.
package enum ItemKind: String, Sendable, Hashable, CaseIterable {
    case gifs
    case photos

    /// Any letter case; nil for anything else.
    package init?(_ text: String) {
        self.init(rawValue: text.lowercased())
    }
}

/// GIPHY serves every GIF endpoint twice: under /gifs and under /stickers.
enum APIKind: String, Sendable, CaseIterable {
    case gifs
    case stickers

    var objectType: String { self == .gifs ? "gif" : "sticker" }
}

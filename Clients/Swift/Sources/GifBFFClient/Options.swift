/// The orders a search takes. Unsplash only: GIPHY answers 400 `invalid_parameter` to any.
public enum SearchOrder: String, Sendable, CaseIterable {
    case relevant, latest
}

/// The orders of the trending items. Unsplash only (its editorial feed).
public enum TrendingOrder: String, Sendable, CaseIterable {
    case latest, popular
}

/// GIPHY's kinds of item: GIFs, or stickers (GIFs with transparent backgrounds).
public enum MediaType: String, Sendable, CaseIterable {
    case gifs, stickers
}

/// What the user did with a GIF, for GIPHY's analytics (`recordEvent`).
public enum ItemEvent: String, Sendable, CaseIterable {
    /// It was shown.
    case seen
    /// It was tapped.
    case click
    /// It was shared or sent.
    case sent
}

// What a request names from a fixed set: the enums generated from openapi.yaml's request schemas
// (issue 35), named here for apps. A typo is a compile error, not a 400.

/// The orders a search takes (`.relevant`, `.latest`). Unsplash only: GIPHY answers 400
/// `invalid_parameter` to any.
public typealias SearchOrder = Components.Schemas.SearchOrder

/// The orders of the trending items (`.latest`, `.popular`). Unsplash only (its editorial feed).
public typealias TrendingOrder = Components.Schemas.TrendingOrder

/// GIPHY's kinds of item: `.gifs`, or `.stickers` (GIFs with transparent backgrounds).
public typealias MediaType = Components.Schemas.MediaType

/// The highest content rating a list includes: `.g`, `.pg`, `.pg13` or `.r`. GIPHY's; nil is the
/// server's default (`GIF_BFF_DEFAULT_RATING`).
public typealias Rating = Components.Schemas.Rating

/// What the user did with a GIF, for GIPHY's analytics (`recordEvent`): `.seen` (it was shown),
/// `.click` (it was tapped) or `.sent` (it was shared or sent).
public typealias ItemEvent = Components.Schemas.ItemEventRequest.ActionPayload

/// Which chain serves a request that names no provider: `.gifs` (the server's
/// `GIF_BFF_GIF_PROVIDERS`) or `.photos` (`GIF_BFF_PHOTO_PROVIDERS`). The first provider of the
/// chain that can answer does; the page says which (`ItemPage.provider`). nil is the server's
/// default kind.
public typealias Kind = Components.Parameters.Kind

extension Provider {
    /// The provider as a request names it: its name. openapi.yaml's `Provider` is a name (a
    /// pattern, no enum), so a provider this client does not know is asked for as written, and
    /// a server that does not serve it answers 400 `invalid_parameter`.
    func requested() -> Components.Schemas.Provider { rawValue }
}

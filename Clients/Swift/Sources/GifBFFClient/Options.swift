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

extension Provider {
    /// The provider as a request names it. A provider this client's contract does not know
    /// (one a newer server named in an answer) cannot be asked for: that is thrown, not sent.
    func requested() throws -> Components.Schemas.Provider {
        guard let known = Components.Schemas.Provider(rawValue: rawValue) else {
            throw GifBFFProblem(status: 0, code: nil, title: nil,
                                detail: "this client asks only for \(Components.Schemas.Provider.allCases.map(\.rawValue)), not \(rawValue)",
                                retryAfterSeconds: nil)
        }
        return known
    }
}

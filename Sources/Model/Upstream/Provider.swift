import Foundation

/// Where items come from: GIPHY's or Unsplash's API in production, their fakes in tests and
/// demo mode. The service depends on this protocol only, so its tests use a scripted provider.
/// Every method throws `UpstreamError` and nothing else. Items come back in our shape, their
/// ids already ours (`ItemID`: GIPHY's as is, others prefixed with the provider's name).
package protocol Provider: Sendable {
    func search(_ request: SearchRequest) async throws -> UpstreamPage
    func trending(_ request: TrendingRequest) async throws -> UpstreamPage
    /// `id` is the upstream's own id (without our prefix). Throws `UpstreamError.notFound` when
    /// the id is unknown upstream.
    func item(id: String) async throws -> Item
    func random(tag: String?, rating: String?, type: MediaType) async throws -> Item
    /// Search terms that complete `query` (autocomplete), best first, at most `limit`.
    func searchSuggestions(for query: String, limit: Int) async throws -> [String]
    /// The terms people search for most right now.
    func trendingSearches() async throws -> [String]
    /// Tells the upstream the item is being saved, where its terms ask for that (Unsplash's
    /// download tracking, a GET of `upstreamLinks.downloadLocation` with the key).
    func trackDownload(of item: Item) async throws
    /// What the upstream said of its own rate limit on its last answer (`X-Ratelimit-Remaining`),
    /// with when; nil when it never said. The gateway never lets its budget exceed it.
    var reportedCallsRemaining: ReportedCallsRemaining? { get }
}

/// The upstream's own count of calls left, as last reported.
package struct ReportedCallsRemaining: Sendable, Equatable {
    package var calls: Int
    package var at: Date

    package init(calls: Int, at: Date) {
        self.calls = calls
        self.at = at
    }
}

extension Provider {
    /// A provider without autocomplete or trending terms has none to offer: the history answers alone.
    package func searchSuggestions(for query: String, limit: Int) async throws -> [String] { [] }
    package func trendingSearches() async throws -> [String] { [] }
    /// Most upstreams (GIPHY) ask for no call when an item is saved.
    package func trackDownload(of item: Item) async throws {}
    package var reportedCallsRemaining: ReportedCallsRemaining? { nil }

    /// A random GIF (not a sticker).
    package func random(tag: String?, rating: String?) async throws -> Item {
        try await random(tag: tag, rating: rating, type: .gifs)
    }
}

/// A search as sent upstream: already validated and normalised by the service.
package struct SearchRequest: Sendable, Hashable {
    package var query: String
    package var offset: Int
    package var limit: Int
    package var rating: String?
    package var lang: String?
    package var type: MediaType
    /// The answer needs only the compact renditions (fixed_width, its still, original), so the
    /// provider may ask its upstream for a smaller body (GIPHY's `bundle=messaging_non_clips`).
    package var compactRenditions: Bool
    /// The order asked for, one the provider supports (Unsplash: "relevant", "latest"); nil for its default.
    package var order: String?
    /// The install asking, for an upstream that identifies its users (GIPHY's `random_id`). Not
    /// part of the cache key: identical requests of several installs share one call, which
    /// carries the first asker's identity.
    package var install: InstallID?

    package init(query: String, offset: Int, limit: Int, rating: String? = nil, lang: String? = nil,
                type: MediaType = .gifs, compactRenditions: Bool = false, order: String? = nil, install: InstallID? = nil) {
        self.order = order
        self.install = install
        self.query = query
        self.offset = offset
        self.limit = limit
        self.rating = rating
        self.lang = lang
        self.type = type
        self.compactRenditions = compactRenditions
    }
}

package struct TrendingRequest: Sendable, Hashable {
    package var offset: Int
    package var limit: Int
    package var rating: String?
    package var type: MediaType
    /// As in `SearchRequest`.
    package var compactRenditions: Bool
    /// As in `SearchRequest` (Unsplash's editorial feed: "latest", "popular").
    package var order: String?
    /// As in `SearchRequest`.
    package var install: InstallID?

    package init(offset: Int, limit: Int, rating: String? = nil, type: MediaType = .gifs, compactRenditions: Bool = false,
                order: String? = nil, install: InstallID? = nil) {
        self.order = order
        self.install = install
        self.offset = offset
        self.limit = limit
        self.rating = rating
        self.type = type
        self.compactRenditions = compactRenditions
    }
}

/// Every way an upstream call can fail, one case per row of the error table.
package enum UpstreamError: Error, Sendable, Equatable {
    /// 404 for a GIF id.
    case notFound
    /// 429; `retryAfter` in seconds when the upstream said.
    case rateLimited(retryAfter: Int?)
    /// 401 or 403: the server's key was refused.
    case unauthorized(status: Int)
    /// Any other 4xx.
    case rejected(status: Int)
    /// 5xx.
    case serverError(status: Int)
    /// Connection refused, reset, DNS failure.
    case unavailable(reason: String)
    /// Our total deadline passed.
    case timeout
    /// Not JSON, not decodable, or GIPHY's "synthetic response".
    case badResponse(reason: String)
}

extension UpstreamError: CustomStringConvertible {
    /// Why the call failed, for the log: the client builds its reasons without the key.
    package var description: String {
        switch self {
        case .notFound: "not found (404)"
        case .rateLimited(let retryAfter): "rate limited (429)" + (retryAfter.map { ", retry after \($0) s" } ?? "")
        case .unauthorized(let status): "the key was refused (HTTP \(status))"
        case .rejected(let status): "the request was rejected (HTTP \(status))"
        case .serverError(let status): "the upstream failed (HTTP \(status))"
        case .unavailable(let reason): reason
        case .timeout: "no answer within the deadline"
        case .badResponse(let reason): reason
        }
    }
}

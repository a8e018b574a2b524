/// Where GIFs come from: GIPHY's API in production, the fake GIPHY in tests and demo mode.
/// The service depends on this protocol only, so its tests use a fake provider.
/// Every method throws `UpstreamError` and nothing else.
public protocol GIFProvider: Sendable {
    func search(_ request: SearchRequest) async throws -> UpstreamPage
    func trending(_ request: TrendingRequest) async throws -> UpstreamPage
    /// Throws `UpstreamError.notFound` when the id is unknown upstream.
    func gif(id: String) async throws -> GIF
    func random(tag: String?, rating: String?, type: MediaType) async throws -> GIF
    /// Search terms that complete `query` (autocomplete), best first, at most `limit`.
    func searchSuggestions(for query: String, limit: Int) async throws -> [String]
    /// The terms people search for most right now.
    func trendingSearches() async throws -> [String]
}

extension GIFProvider {
    /// A provider without autocomplete or trending terms has none to offer: the history answers alone.
    public func searchSuggestions(for query: String, limit: Int) async throws -> [String] { [] }
    public func trendingSearches() async throws -> [String] { [] }

    /// A random GIF (not a sticker).
    public func random(tag: String?, rating: String?) async throws -> GIF {
        try await random(tag: tag, rating: rating, type: .gifs)
    }
}

/// A search as sent upstream: already validated and normalised by the service.
public struct SearchRequest: Sendable, Hashable {
    public var query: String
    public var offset: Int
    public var limit: Int
    public var rating: String?
    public var lang: String?
    public var type: MediaType
    /// The answer needs only the compact renditions (fixed_width, its still, original), so the
    /// provider may ask its upstream for a smaller body (GIPHY's `bundle=messaging_non_clips`).
    public var compactRenditions: Bool

    public init(query: String, offset: Int, limit: Int, rating: String? = nil, lang: String? = nil,
                type: MediaType = .gifs, compactRenditions: Bool = false) {
        self.query = query
        self.offset = offset
        self.limit = limit
        self.rating = rating
        self.lang = lang
        self.type = type
        self.compactRenditions = compactRenditions
    }
}

public struct TrendingRequest: Sendable, Hashable {
    public var offset: Int
    public var limit: Int
    public var rating: String?
    public var type: MediaType
    /// As in `SearchRequest`.
    public var compactRenditions: Bool

    public init(offset: Int, limit: Int, rating: String? = nil, type: MediaType = .gifs, compactRenditions: Bool = false) {
        self.offset = offset
        self.limit = limit
        self.rating = rating
        self.type = type
        self.compactRenditions = compactRenditions
    }
}

/// One page of GIFs as the upstream gave it (before our de-duplication). Its JSON form is only
/// for the response cache; the keys are the property names.
public struct UpstreamPage: Sendable, Equatable, Decodable, JSONWritable {
    public var gifs: [GIF]
    /// Not every endpoint reports it.
    public var totalCount: Int?
    public var count: Int
    public var offset: Int

    public init(gifs: [GIF], totalCount: Int?, count: Int, offset: Int) {
        self.gifs = gifs
        self.totalCount = totalCount
        self.count = count
        self.offset = offset
    }

    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("count", count)
            writer.key("gifs")
            writer.array(gifs) { writer, gif in gif.write(to: &writer) }
            writer.member("offset", offset)
            if let totalCount { writer.member("totalCount", totalCount) }
        }
    }
}

/// Every way an upstream call can fail, one case per row of the error table.
public enum UpstreamError: Error, Sendable, Equatable {
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
    public var description: String {
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

import Foundation
import OpenAPIRuntime

/// Searching and browsing: pages, one GIF, a random one, the spotlight.
extension GifBFF {
    /// One page of GIFs matching `query`. For a whole grid, see `searchPages`.
    public func search(_ query: String, offset: Int? = nil, limit: Int? = nil, rating: String? = nil,
                       lang: String? = nil) async throws -> ItemPage {
        let parameters = Operations.SearchItems.Input.Query(q: query, offset: offset, limit: limit, rating: rating, lang: lang)
        return try await revalidating(Self.cacheKey("search", query, offset.map(String.init), limit.map(String.init), rating, lang)) { tag in
            switch try await raw.searchItems(query: parameters, headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok): return .fresh(try ok.body.json, tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// One page of trending GIFs. For a whole grid, see `trendingPages`.
    public func trending(offset: Int? = nil, limit: Int? = nil, rating: String? = nil) async throws -> ItemPage {
        let parameters = Operations.TrendingItems.Input.Query(offset: offset, limit: limit, rating: rating)
        return try await revalidating(Self.cacheKey("trending", offset.map(String.init), limit.map(String.init), rating)) { tag in
            switch try await raw.trendingItems(query: parameters, headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok): return .fresh(try ok.body.json, tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// The GIF with that id; `stale` is true when a saved copy is served while GIPHY fails.
    public func gif(id: String) async throws -> FetchedItem {
        try await revalidating(Self.cacheKey("gif", id)) { tag in
            switch try await raw.getGIF(path: .init(id: id), headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok): return .fresh(try ok.body.json, tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// A random GIF, optionally matching `tag`. Never cached, so never revalidated.
    public func random(tag: String? = nil, rating: String? = nil) async throws -> Item {
        try await unwrappingProblems {
            switch try await raw.randomItem(query: .init(tag: tag, rating: rating)) {
            case let .ok(ok): return try ok.body.json
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// The spotlight GIF and its countdown.
    public func spotlight(tag: String? = nil) async throws -> Components.Schemas.Spotlight {
        try await revalidating(Self.cacheKey("spotlight", tag)) { etag in
            switch try await raw.getSpotlight(query: .init(tag: tag), headers: .init(ifNoneMatch: etag)) {
            case let .ok(ok): return .fresh(try ok.body.json, tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }
}

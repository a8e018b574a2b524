import Foundation
import OpenAPIRuntime

/// Searching and browsing, on any provider: pages, one item, a random one, the spotlight, and
/// saving an item's full-size file. `provider` names the one provider to ask, strictly (its
/// answer or its failure); without it, `kind` (`.gifs`, `.photos`; nil: the server's default
/// kind) asks that kind's chain, whose first provider that can answer does. A page says which
/// provider served it (`ItemPage.provider`): to page on, name it (`searchPages` does).
extension GifBFF {
    /// One page of items matching `query` (a blank query answers an empty page). For a whole
    /// grid, see `searchPages`. `orderBy` is Unsplash's; `rating`, `lang` and `mediaType` GIPHY's.
    public func search(_ query: String, provider: Provider? = nil, kind: Kind? = nil, offset: Int? = nil, limit: Int? = nil,
                       orderBy: SearchOrder? = nil, rating: Rating? = nil, lang: String? = nil,
                       mediaType: MediaType? = nil) async throws -> ItemPage {
        let parameters = Operations.SearchItems.Input.Query(
            q: query, provider: provider?.requested(), kind: kind, offset: offset, limit: limit, rating: rating,
            lang: lang, _type: mediaType, orderBy: orderBy)
        let key = Self.cacheKey("search", query, provider?.rawValue, kind?.rawValue, offset.map(String.init), limit.map(String.init),
                                orderBy?.rawValue, rating?.rawValue, lang, mediaType?.rawValue)
        return try await revalidating(key) { tag in
            switch try await raw.searchItems(query: parameters, headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok): return .fresh(ItemPage(try ok.body.json), tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// One page of trending items (Unsplash: its editorial feed, in `orderBy`). For a whole grid,
    /// see `trendingPages`.
    public func trending(provider: Provider? = nil, kind: Kind? = nil, offset: Int? = nil, limit: Int? = nil,
                         orderBy: TrendingOrder? = nil, rating: Rating? = nil, mediaType: MediaType? = nil) async throws -> ItemPage {
        let parameters = Operations.TrendingItems.Input.Query(
            provider: provider?.requested(), kind: kind, offset: offset, limit: limit, rating: rating,
            _type: mediaType, orderBy: orderBy)
        let key = Self.cacheKey("trending", provider?.rawValue, kind?.rawValue, offset.map(String.init), limit.map(String.init),
                                orderBy?.rawValue, rating?.rawValue, mediaType?.rawValue)
        return try await revalidating(key) { tag in
            switch try await raw.trendingItems(query: parameters, headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok): return .fresh(ItemPage(try ok.body.json), tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// The item with that id, GIF or photo, with every field and rendition. `isStale` is true
    /// when a saved copy is served while the provider fails.
    public func item(id: String) async throws -> Item {
        try await revalidating(Self.cacheKey("item", id)) { tag in
            switch try await raw.getItem(path: .init(id: id), headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok): return .fresh(Item(try ok.body.json), tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// `item(id:)` under its first name (`GET /gif/{id}`), for servers before items had photos.
    public func gif(id: String) async throws -> Item {
        try await revalidating(Self.cacheKey("gif", id)) { tag in
            switch try await raw.getGIF(path: .init(id: id), headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok): return .fresh(Item(try ok.body.json), tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// A random item, optionally matching `tag`. Never cached, so never revalidated.
    public func random(provider: Provider? = nil, kind: Kind? = nil, tag: String? = nil, rating: Rating? = nil,
                       mediaType: MediaType? = nil) async throws -> Item {
        let query = Operations.RandomItem.Input.Query(provider: provider?.requested(), kind: kind, tag: tag,
                                                      rating: rating, _type: mediaType)
        return try await unwrappingProblems {
            switch try await raw.randomItem(query: query) {
            case let .ok(ok): return Item(try ok.body.json)
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// The spotlight: the current pick and its countdown, the same across restarts and devices.
    public func spotlight(provider: Provider? = nil, kind: Kind? = nil, tag: String? = nil) async throws -> Spotlight {
        let query = Operations.GetSpotlight.Input.Query(provider: provider?.requested(), kind: kind, tag: tag)
        return try await revalidating(Self.cacheKey("spotlight", provider?.rawValue, kind?.rawValue, tag)) { etag in
            switch try await raw.getSpotlight(query: query, headers: .init(ifNoneMatch: etag)) {
            case let .ok(ok): return .fresh(Spotlight(try ok.body.json), tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// The item's full-size file, to save to the photo library. For a photo, gif-bff first tells
    /// Unsplash of the download (its terms ask for it), once per call: call this when the user
    /// saves, not to prefetch. Then fetch `url`:
    /// `let (bytes, _) = try await URLSession.shared.data(from: file.url)`.
    public func download(id: String) async throws -> Download {
        try await unwrappingProblems {
            switch try await raw.downloadItem(path: .init(id: id)) {
            case let .ok(ok):
                let file = try ok.body.json
                guard let url = URL(link: file.url) else {
                    throw GifBFFProblem(status: 200, code: nil, title: nil, detail: "the file's url is not a link: \(file.url)",
                                        retryAfterSeconds: nil)
                }
                return Download(id: file.id, url: url, width: file.width, height: file.height)
            case let other: throw Self.unexpected(other)
            }
        }
    }
}

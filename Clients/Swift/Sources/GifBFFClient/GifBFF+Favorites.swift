import Foundation
import OpenAPIRuntime

/// Favorites (GIFs and photos in one list) and search history, kept by the server in SQLite.
extension GifBFF {
    /// Every favorite, newest first, with how many there are and may be. Answered without the
    /// providers, so it works while they are down.
    public func favorites() async throws -> Favorites {
        try await revalidating(Self.cacheKey("favorites")) { tag in
            switch try await raw.listFavorites(headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok):
                let list = try ok.body.json
                return .fresh(Favorites(items: list.data.map { Item($0) }, count: list.count, limit: list.limit), tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// Adds the item (GIF or photo) to the favorites, a whole copy kept by the server; `added` is
    /// false when it already was one (nothing changed). A full list throws `favorites_full`.
    public func addFavorite(id: String) async throws -> (favorite: Item, added: Bool) {
        try await unwrappingProblems {
            switch try await raw.addFavorite(body: .json(.init(id: id))) {
            case let .created(created): return (Item(try created.body.json), true)
            case let .ok(ok): return (Item(try ok.body.json), false)
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// Removes a favorite; throws `favorite_not_found` when it was not one.
    public func removeFavorite(id: String) async throws {
        try await unwrappingProblems {
            switch try await raw.removeFavorite(path: .init(id: id)) {
            case .noContent: return
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// The latest searches, newest first; only those containing `containing` when given.
    public func searchHistory(containing: String? = nil) async throws -> [SearchHistoryEntry] {
        try await revalidating(Self.cacheKey("history", containing)) { tag in
            switch try await raw.listSearchHistory(query: .init(contains: containing), headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok):
                return .fresh(try ok.body.json.data.map { SearchHistoryEntry(query: $0.query, searchedAt: $0.searchedAt) },
                              tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// Forgets every search.
    public func clearSearchHistory() async throws {
        try await unwrappingProblems {
            switch try await raw.clearSearchHistory() {
            case .noContent: return
            case let other: throw Self.unexpected(other)
            }
        }
    }
}

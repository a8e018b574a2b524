import Foundation
import OpenAPIRuntime

/// Finding what to look at next: decks of random GIFs, search suggestions, trending searches,
/// and telling GIPHY what was seen (its analytics). These are GIPHY features: gif-bff answers
/// them from its GIF provider whatever the default provider is.
extension GifBFF {
    /// `count` random GIFs (1-25), none a previous deck of the same `session` showed. Pass the
    /// answer's `session` back for the next deck; nil starts a new session.
    public func deck(tag: String? = nil, count: Int? = nil, session: String? = nil, rating: Rating? = nil,
                     mediaType: MediaType? = nil) async throws -> Deck {
        try await unwrappingProblems {
            switch try await raw.randomDeck(query: .init(tag: tag, count: count, rating: rating, _type: mediaType,
                                                         session: session)) {
            case let .ok(ok):
                let deck = try ok.body.json
                return Deck(items: deck.data.map { Item($0) }, session: deck.session)
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// Searches to offer while the user types `text`: their own earlier searches containing it
    /// (letter case ignored) first, then GIPHY's autocomplete; at most `limit` (1-10).
    public func suggestions(for text: String, limit: Int? = nil) async throws -> [Suggestion] {
        try await revalidating(Self.cacheKey("suggestions", text, limit.map(String.init))) { tag in
            switch try await raw.searchSuggestions(query: .init(q: text, limit: limit), headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok):
                return .fresh(try ok.body.json.data.map { Suggestion(query: $0.query, source: $0.source) }, tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// What people search for now, most searched first.
    public func trendingSearches() async throws -> [String] {
        try await revalidating(Self.cacheKey("trending-searches")) { tag in
            switch try await raw.trendingSearches(headers: .init(ifNoneMatch: tag)) {
            case let .ok(ok): return .fresh(try ok.body.json.data, tag: ok.headers.eTag)
            case .notModified: return .notModified
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// Tells GIPHY the GIF was seen, tapped or sent (its terms ask apps to). `alsoSeen` (only
    /// with `.seen`, at most 100) names the other GIFs that appeared with it, for a grid shown at
    /// once. Answers how many GIFs were taken; gif-bff sends the pingbacks in the background.
    @discardableResult
    public func recordEvent(_ event: ItemEvent, itemID: String, alsoSeen: [String] = []) async throws -> Int {
        try await unwrappingProblems {
            let body = Components.Schemas.ItemEventRequest(action: event, ids: alsoSeen.isEmpty ? nil : alsoSeen)
            switch try await raw.recordItemEvent(path: .init(id: itemID), body: .json(body)) {
            case let .accepted(accepted): return try accepted.body.json.accepted
            case let other: throw Self.unexpected(other)
            }
        }
    }
}

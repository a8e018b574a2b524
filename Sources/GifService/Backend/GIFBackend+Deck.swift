/// The deck for like/dislike apps: `count` distinct GIFs in random order, none the session showed.
extension GIFBackend {
    public static let deckCountRange = DeckDraw.countRange
    public static let defaultDeckCount = DeckDraw.defaultCount

    /// Without a session a new one starts; an unknown or expired one starts afresh under its id.
    /// Fewer than `count` GIFs when the pool has no more unseen ones in the pages drawn.
    public func deck(tag: SearchWords?, count: Int, rating: Rating?, type: MediaType = .default,
                     session: DeckSessionID?) async throws(ServiceError) -> Deck {
        try await translating(notFound: .noGIF(forTag: tag, upstream: .giphy)) {
            let id = session?.rawValue ?? DeckSessions.newID()
            let drawn = try await DeckDraw(gateway: gateway, rules: providers.gifProvider.rules).candidates(
                tag: tag?.text, count: count, rating: (rating ?? defaultRating).rawValue, type: type,
                shown: deckSessions.shown(in: id))
            if drawn.gifs.isEmpty && drawn.total == 0 { throw UpstreamError.notFound }
            let picked = Array(drawn.gifs.shuffled().prefix(count))
            deckSessions.record(picked.map(\.id), in: id)
            let favoriteIDs = try await favorites.ids()
            return Deck(gifs: picked.map { $0.marked(favorite: favoriteIDs.contains($0.id)) }, session: id)
        }
    }
}

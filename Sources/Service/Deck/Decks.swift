import Gateway
import Model
import Primitives

/// Decks for like/dislike apps: `count` distinct GIFs in random order, none the session showed,
/// from the GIF provider.
package struct Decks: Sendable {
    let provider: ProviderGateway
    let favorites: Favorites
    /// What each session has shown.
    let sessions: DeckSessions
    let defaultRating: Rating
    /// Blocked items are never drawn.
    let blocklist: Blocklist
    let errors: ErrorTranslation

    package static let countRange = DeckDraw.countRange
    package static let defaultCount = DeckDraw.defaultCount

    /// Without a session a new one starts; an unknown or expired one starts afresh under its id.
    /// Sessions are the install's own: another install's session id starts afresh too.
    /// Fewer than `count` GIFs when the pool has no more unseen ones in the pages drawn. Its
    /// upstream calls are charged to `payer`.
    package func deck(tag: SearchWords?, count: Int, rating: Rating?, type: MediaType = .default,
                     session: DeckSessionID?, install: InstallID, payer: CallPayer? = nil) async throws(ServiceError) -> Deck {
        let rules = provider.rules
        return try await errors.translating(notFound: .noItem(forTag: tag, upstream: rules.naming), upstream: rules.naming) {
            let id = session?.rawValue ?? DeckSessions.newID()
            let servedRating = provider.rating(asked: rating, default: defaultRating)
            let drawn = try await DeckDraw(provider: provider, payer: payer).candidates(
                tag: tag?.text, count: count, rating: servedRating.rawValue, type: type,
                shown: sessions.shown(in: id, install: install).union(blocklist.blocks.items))
            if drawn.items.isEmpty && drawn.total == 0 { throw UpstreamError.notFound }
            let picked = Array(drawn.items.shuffled().prefix(count))
            sessions.record(picked.map(\.id), in: id, install: install)
            let favoriteIDs = try await favorites.markings(install: install).value().ids
            return Deck(items: picked.map { $0.marked(favorite: favoriteIDs.contains($0.id)) }, session: id,
                        rating: provider.served(at: servedRating))
        }
    }
}

import Wire
import JSON
import Service
import Model
import HTTPServer
import Primitives

/// GET /random/deck?tag=&count=&rating=&type=&session=: a deck for like/dislike apps; its upstream calls
/// are charged to the install, or the address, as a search's are (`BrowseRoutes.payer`).
enum DeckRoutes {
    static func register(on router: inout RouterBuilder, decks: Decks, installs: Installs, links: LinkBase, proxies: TrustedProxies) {
        router.serveWaiting(.get, "/random/deck") { request in
            let install = try await InstallAccess.forKeeping(request, installs: installs).value()
            let query = request.query
            let tag = try RequestInputs.words(query["tag"], name: "tag")
            let count = try RequestInputs.integer(query["count"], name: "count", default: Decks.defaultCount,
                                                  range: Decks.countRange)
            let rating = try RequestInputs.rating(query["rating"])
            let type = try RequestInputs.mediaType(query["type"])
            let session = try RequestInputs.deckSession(query["session"])
            let deck = try await decks.deck(tag: tag, count: count, rating: rating, type: type, session: session, install: install,
                                            payer: BrowseRoutes.payer(of: request, install: install, proxies: proxies))
            var response = JSONResponse.write(DeckJSON(deck: deck, form: links.forms(for: request).full),
                                              sizeHint: 512 + deck.items.count * 1200)
            // Every deck differs, and the session moves on with each.
            response.headers.set(name: "Cache-Control", value: CacheHeaders.never)
            return response
        }
    }
}

/// A deck: its items in full, their links against the form's base.
struct DeckJSON: JSONWritable {
    let deck: Deck
    let form: ItemForm

    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.key("data")
            writer.array(deck.items) { writer, item in writer.object { writer in item.writeMembers(to: &writer, form: form) } }
            if let rating = deck.rating { writer.member("rating", rating.rawValue) }
            writer.member("session", deck.session)
        }
    }
}

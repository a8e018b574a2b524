import Model
/// GIFs for a like/dislike app: distinct, in random order, none the session showed before.
package struct Deck: Equatable, Sendable {
    package var items: [Item]
    /// Pass it back with the next deck request so that deck repeats nothing of this one.
    package var session: String
    /// The rating the deck was drawn at (never above the content ceiling); nil for an upstream
    /// that rates nothing.
    package var rating: Rating?

    package init(items: [Item], session: String, rating: Rating? = nil) {
        self.items = items
        self.session = session
        self.rating = rating
    }
}

/// A deck session id as a client passes it back: 1 to 64 ASCII letters and digits.
package struct DeckSessionID: Sendable, Hashable {
    package let rawValue: String

    package init?(_ text: String) {
        guard (1...64).contains(text.count),
              text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }) else {
            return nil
        }
        rawValue = text
    }
}

import Foundation

/// One page of a search or of trending items.
public struct ItemPage: Sendable, Hashable {
    public let items: [Item]
    /// Where this page starts.
    public let offset: Int
    /// All results, when the provider says.
    public let totalCount: Int?
    /// Where the next page starts; nil on the last page.
    public let nextOffset: Int?
    /// A saved page served while the provider fails: show "showing saved results".
    public let isStale: Bool
    /// The provider that served the page: the one named, else the first of the kind's chain that
    /// could. Name it for the next pages (`searchPages` does). nil from a server before chains.
    public let provider: Provider?
}

/// The spotlight: one item replaced every few minutes, and when.
public struct Spotlight: Sendable, Hashable {
    public let item: Item
    /// When the item is replaced; in the past when `isStale`.
    public let changesAt: Date
    /// The countdown, from the server's clock (not affected by this device's).
    public let secondsLeft: Int
    /// It was time to change, but the provider could not be asked: the old item stays, and the
    /// next call tries again. Say the picture is not fresh.
    public let isStale: Bool
}

/// A deck of random GIFs for a like/dislike screen, and the session that keeps the next decks
/// from repeating them.
public struct Deck: Sendable, Hashable {
    public let items: [Item]
    /// Pass it to the next `deck(session:)`.
    public let session: String
}

/// The favorites, newest first, with how many there are and may be.
public struct Favorites: Sendable, Hashable {
    public let items: [Item]
    public let count: Int
    /// The most favorites the server keeps; adding one more throws `favorites_full`.
    public let limit: Int

    public var isFull: Bool { count >= limit }
}

/// The full-size file to save. For an Unsplash photo gif-bff has told Unsplash of the download,
/// as its terms ask; fetch `url` and save the bytes.
public struct Download: Sendable, Hashable {
    public let id: String
    public let url: URL
    public let width: Int
    public let height: Int
}

/// A search to offer while the user types.
public struct Suggestion: Sendable, Hashable {
    public let query: String
    /// `history` (a search made before) or `giphy` (GIPHY's autocomplete); more may come.
    public let source: String

    /// True for one of the user's own earlier searches.
    public var isFromHistory: Bool { source == "history" }
}

/// One of the latest searches.
public struct SearchHistoryEntry: Sendable, Hashable {
    public let query: String
    public let searchedAt: Date
}

extension ItemPage {
    init(_ page: Components.Schemas.ItemPage) {
        let stale = page.stale == true
        self.init(items: page.data.map { Item($0, stale: stale) }, offset: page.pagination.offset,
                  totalCount: page.pagination.totalCount, nextOffset: page.pagination.nextOffset, isStale: stale,
                  provider: page.provider.map { Provider(rawValue: $0.value1) })
    }
}

extension Spotlight {
    init(_ spotlight: Components.Schemas.Spotlight) {
        let stale = spotlight.stale == true
        self.init(item: Item(spotlight.gif, stale: stale), changesAt: spotlight.changesAt,
                  secondsLeft: spotlight.secondsLeft, isStale: stale)
    }
}

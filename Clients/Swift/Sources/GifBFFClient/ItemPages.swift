import Foundation

/// A grid's pages, one after another through `next_offset` until it is null. GIPHY repeats
/// GIFs across pages, so each batch holds only items no earlier batch held: append them as they
/// come. `for try await batch in bff.searchPages("cat") { grid += batch.items }`.
public struct ItemPages: AsyncSequence, Sendable {
    public typealias Element = Batch

    /// One page's items not seen before, with the page's own facts.
    public struct Batch: Sendable {
        public let items: [Item]
        public let offset: Int
        /// All results, when the provider says.
        public let totalCount: Int?
        /// A saved page, served while the provider fails: show "showing saved results".
        public let stale: Bool
        /// Items the page held that an earlier batch already had.
        public let repeatsDropped: Int
    }

    let firstOffset: Int
    let fetch: @Sendable (_ offset: Int) async throws -> ItemPage

    public init(firstOffset: Int = 0, fetch: @escaping @Sendable (_ offset: Int) async throws -> ItemPage) {
        self.firstOffset = firstOffset
        self.fetch = fetch
    }

    public func makeAsyncIterator() -> Iterator { Iterator(nextOffset: firstOffset, fetch: fetch) }

    public struct Iterator: AsyncIteratorProtocol {
        var nextOffset: Int?
        var seen: Set<String> = []
        let fetch: @Sendable (Int) async throws -> ItemPage

        init(nextOffset: Int, fetch: @escaping @Sendable (Int) async throws -> ItemPage) {
            self.nextOffset = nextOffset
            self.fetch = fetch
        }

        public mutating func next() async throws -> Batch? {
            guard let offset = nextOffset else { return nil }
            let page = try await fetch(offset)
            // An offset that does not move forward would ask for the same page for ever.
            nextOffset = page.nextOffset.flatMap { $0 > offset ? $0 : nil }
            let unseen = page.items.filter { seen.insert($0.id).inserted }
            return Batch(items: unseen, offset: offset, totalCount: page.totalCount,
                         stale: page.isStale, repeatsDropped: page.items.count - unseen.count)
        }
    }
}

extension GifBFF {
    /// Every page of a search, de-duplicated; stop iterating when the grid has enough. Unsplash
    /// pages by number: its `limit` stays the same from page to page, as here.
    public func searchPages(_ query: String, provider: Provider? = nil, limit: Int? = nil, orderBy: SearchOrder? = nil,
                            rating: Rating? = nil, lang: String? = nil, mediaType: MediaType? = nil) -> ItemPages {
        ItemPages { offset in
            try await search(query, provider: provider, offset: offset, limit: limit, orderBy: orderBy, rating: rating,
                             lang: lang, mediaType: mediaType)
        }
    }

    /// Every page of the trending items, de-duplicated.
    public func trendingPages(provider: Provider? = nil, limit: Int? = nil, orderBy: TrendingOrder? = nil,
                              rating: Rating? = nil, mediaType: MediaType? = nil) -> ItemPages {
        ItemPages { offset in
            try await trending(provider: provider, offset: offset, limit: limit, orderBy: orderBy, rating: rating, mediaType: mediaType)
        }
    }
}

import Foundation

/// A grid's pages, one after another through `next_offset` until it is null. GIPHY repeats
/// GIFs across pages, so each batch holds only items no earlier batch held: append them as they
/// come. `for try await batch in bff.searchPages("cat") { grid += batch.items }`. The pages after
/// the first ask for the provider that served it: a chain (`kind`) may pass from one provider to
/// the next between two pages, and two providers' pages (and offsets) never make one grid.
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
        /// The provider that served the page (every page's is the first's); nil from an older server.
        public let provider: Provider?
    }

    let firstOffset: Int
    let fetch: @Sendable (_ offset: Int, _ servedBy: Provider?) async throws -> ItemPage

    /// `fetch` gets each page's offset and, after the first page, the provider that served it
    /// (nil for the first, or when the server names none): ask that provider for the page.
    public init(firstOffset: Int = 0, fetch: @escaping @Sendable (_ offset: Int, _ servedBy: Provider?) async throws -> ItemPage) {
        self.firstOffset = firstOffset
        self.fetch = fetch
    }

    /// Pages from one source whatever served the first (a provider named, or a server before chains).
    public init(firstOffset: Int = 0, fetch: @escaping @Sendable (_ offset: Int) async throws -> ItemPage) {
        self.init(firstOffset: firstOffset) { offset, _ in try await fetch(offset) }
    }

    public func makeAsyncIterator() -> Iterator { Iterator(nextOffset: firstOffset, fetch: fetch) }

    public struct Iterator: AsyncIteratorProtocol {
        var nextOffset: Int?
        var seen: Set<String> = []
        /// The first page's provider, once it has come.
        var servedBy: Provider?
        let fetch: @Sendable (Int, Provider?) async throws -> ItemPage

        init(nextOffset: Int, fetch: @escaping @Sendable (Int, Provider?) async throws -> ItemPage) {
            self.nextOffset = nextOffset
            self.fetch = fetch
        }

        public mutating func next() async throws -> Batch? {
            guard let offset = nextOffset else { return nil }
            let page = try await fetch(offset, servedBy)
            if servedBy == nil { servedBy = page.provider }
            // An offset that does not move forward would ask for the same page for ever.
            nextOffset = page.nextOffset.flatMap { $0 > offset ? $0 : nil }
            let unseen = page.items.filter { seen.insert($0.id).inserted }
            return Batch(items: unseen, offset: offset, totalCount: page.totalCount,
                         stale: page.isStale, repeatsDropped: page.items.count - unseen.count, provider: page.provider)
        }
    }
}

extension GifBFF {
    /// Every page of a search, de-duplicated; stop iterating when the grid has enough. Unsplash
    /// pages by number: its `limit` stays the same from page to page, as here. With `kind` (and no
    /// `provider`), the first page comes from that kind's chain and the rest from the provider
    /// that served it.
    public func searchPages(_ query: String, provider: Provider? = nil, kind: Kind? = nil, limit: Int? = nil,
                            orderBy: SearchOrder? = nil, rating: Rating? = nil, lang: String? = nil,
                            mediaType: MediaType? = nil) -> ItemPages {
        ItemPages { offset, servedBy in
            try await search(query, provider: servedBy ?? provider, kind: servedBy == nil ? kind : nil, offset: offset, limit: limit,
                             orderBy: orderBy, rating: rating, lang: lang, mediaType: mediaType)
        }
    }

    /// Every page of the trending items, de-duplicated; the pages after the first from its provider.
    public func trendingPages(provider: Provider? = nil, kind: Kind? = nil, limit: Int? = nil, orderBy: TrendingOrder? = nil,
                              rating: Rating? = nil, mediaType: MediaType? = nil) -> ItemPages {
        ItemPages { offset, servedBy in
            try await trending(provider: servedBy ?? provider, kind: servedBy == nil ? kind : nil, offset: offset, limit: limit,
                               orderBy: orderBy, rating: rating, mediaType: mediaType)
        }
    }
}

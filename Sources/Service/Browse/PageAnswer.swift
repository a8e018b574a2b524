import Gateway
import Model
/// A page as the backend answers it, before it is made into a `ItemPage`: the upstream's page, the
/// favorite ids of that moment, and a key naming exactly this content, so that what is made from
/// it (the written JSON) can be kept and reused while the key stays the same.
package struct PageAnswer: Sendable {
    private let upstream: UpstreamPage
    private let request: PageRequest
    private let favoriteIDs: Set<String>
    private let stale: Bool
    private let lastOffset: Int
    private let wholePages: Bool
    /// The provider that served it (in a chain, the first that could).
    private let provider: ProviderName
    /// The rating the upstream was asked for, which the page says; nil for an upstream that rates nothing.
    private let rating: Rating?
    /// The operator's blocks when the page was asked for: their items are left out.
    private let blocks: Blocklist.Blocks
    /// The answer and the favorites version; nil when the answer cannot be reused (it is stale,
    /// was read from the store, or is a miss no other request shared). A miss whose upstream call
    /// others joined has one: the page is written once for all of them.
    package let contentKey: ContentKey?

    /// The cached answer's id, the favorites version it was marked with and the blocks' version
    /// it was filtered by (a page kept before a block is not reused after it).
    package struct ContentKey: Hashable, Sendable {
        let answerID: UInt64
        let favoritesVersion: UInt64
        let blocksVersion: UInt64
    }

    /// `lastOffset`: the last offset the endpoint serves; `next_offset` never points past it.
    /// `wholePages`: the upstream pages by number, so the next offset is one limit further.
    init(_ fetched: Fetched<UpstreamPage>, request: PageRequest, favorites: FavoriteIDs,
         lastOffset: Int, wholePages: Bool = false, provider: ProviderName, rating: Rating? = nil, blocks: Blocklist.Blocks = .none) {
        upstream = fetched.value
        self.provider = provider
        self.blocks = blocks
        self.rating = rating
        self.wholePages = wholePages
        self.lastOffset = lastOffset
        self.request = request
        favoriteIDs = favorites.ids
        stale = fetched.isStale
        contentKey = fetched.status == .hit || (fetched.status == .miss && fetched.sharedCall) ? fetched.answerID.map { ContentKey(answerID: $0, favoritesVersion: favorites.version, blocksVersion: blocks.version) } : nil
    }

    /// The page made from the upstream's items without copying them: the items themselves, and
    /// which of them it keeps, in order (each id once, none blocked), each marked favorite or not.
    /// A writer writes each where it lies: copied into a page of their own, an item was a retain
    /// and a release per field (an Unsplash photo has some sixteen), and another destroy pass.
    package struct Kept: Sendable {
        package let items: [Item]
        package let marks: [Mark]
        package let pagination: Pagination
        /// The page's own: absent unless the page was served stale.
        package let stale: Bool?
        package let rating: Rating?
        package let provider: ProviderName

        /// An item kept: its place in `items`, and whether it is one of the install's favorites.
        package struct Mark: Sendable {
            package let place: Int
            package let isFavorite: Bool
        }
    }

    /// De-duplicates ids within the page, marks favorites, and works out the next offset.
    package func kept() -> Kept {
        // Room for every id at once: grown from empty, the set was made five times per page.
        var seen = Set<String>(minimumCapacity: upstream.items.count)
        var marks: [Kept.Mark] = []
        marks.reserveCapacity(upstream.items.count)
        // Each id read in place through the buffer (the array's iterator copies each item).
        upstream.items.withUnsafeBufferPointer { items in
            for place in items.indices where seen.insert(items[place].id).inserted && !blocks.blocks(item: items[place].id) {
                marks.append(Kept.Mark(place: place, isFavorite: favoriteIDs.contains(items[place].id)))
            }
        }
        // Both within `UpstreamNumber.count` (as the request's offset and limit are within their
        // ranges): the sum cannot overflow.
        let consumed = max(upstream.count, upstream.items.count)
        let next = request.offset + (wholePages ? request.limit : consumed)
        var hasMore = consumed > 0 && next <= lastOffset
        if let total = upstream.totalCount {
            hasMore = hasMore && next < total
        } else {
            hasMore = hasMore && consumed >= request.limit
        }
        let pagination = Pagination(offset: request.offset, count: marks.count, totalCount: upstream.totalCount, nextOffset: hasMore ? next : nil)
        return Kept(items: upstream.items, marks: marks, pagination: pagination, stale: stale ? true : nil, rating: rating, provider: provider)
    }

    /// The page with its items of its own, each marked: `kept()` made into a `ItemPage`.
    package func page() -> ItemPage {
        let kept = kept()
        var items: [Item] = []
        items.reserveCapacity(kept.marks.count)
        kept.items.withUnsafeBufferPointer { upstreamItems in
            for mark in kept.marks {
                var item = upstreamItems[mark.place]
                item.isFavorite = mark.isFavorite
                items.append(item)
            }
        }
        return ItemPage(data: items, pagination: kept.pagination, stale: kept.stale, rating: kept.rating, provider: kept.provider)
    }
}

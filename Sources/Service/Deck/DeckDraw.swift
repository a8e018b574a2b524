import Gateway
import Model
import Primitives
/// Draws a deck's candidates from pages of search (with a tag) or trending, each at a random
/// offset and cached like any page, so decks cost few upstream calls and reuse pages.
struct DeckDraw: Sendable {
    static let countRange = 1...25
    static let defaultCount = 10
    /// Pages to pick the first from while the pool's size is unknown (most tags have more).
    static let firstDrawPages = 10
    /// Upstream calls one deck may cost. A page the cache answers costs none, so a draw goes on
    /// past pages the session has seen whole: with a cap on pages instead, a long session drew
    /// two seen pages and got an empty deck while most of the pool was still unseen.
    static let maxCalls = 2
    /// Pages one deck reads at most, cached or not: a bound on its work.
    static let maxPages = firstDrawPages

    let provider: ProviderGateway
    private var gateway: UpstreamGateway { provider.gateway }
    private var rules: ProviderRules { provider.rules }
    /// Who the deck's upstream calls are charged to (`CallPayer`).
    var payer: CallPayer?

    /// The largest page the provider serves: the most candidates per call.
    private var pageSize: Int { rules.limitRange.upperBound }

    /// GIFs not in `shown`, distinct, in page order, none above the content ceiling (`rating` is
    /// within it); `total` is the pool's size when a page said.
    func candidates(tag: String?, count: Int, rating: String, type: MediaType,
                    shown: Set<String>) async throws -> (items: [Item], total: Int?) {
        let lastOffset = tag == nil ? rules.trendingOffsetRange.upperBound : rules.searchOffsetRange.upperBound
        var pages = Self.firstDrawPages
        var tried = Set<Int>()
        var seen = shown
        var items: [Item] = []
        var total: Int?
        var calls = 0
        while calls < Self.maxCalls && tried.count < Self.maxPages {
            let offsets = (0..<pages).map { $0 * pageSize }.filter { $0 <= lastOffset && !tried.contains($0) }
            guard let offset = offsets.randomElement() else { break }
            tried.insert(offset)
            let fetched = try await self.page(tag: tag, offset: offset, rating: rating, type: type)
            if fetched.status != .hit { calls += 1 }
            let page = provider.admitted(fetched.value)
            for item in page.items where seen.insert(item.id).inserted { items.append(item) }
            if items.count >= count { break }
            total = page.totalCount ?? total
            if let known = page.totalCount {
                pages = Self.pages(ofPool: known, pageSize: pageSize, lastOffset: lastOffset)
            } else if page.items.isEmpty {
                pages = 1  // past the end of a pool of unknown size: its first page is the safe bet
            }
        }
        return (items, total)
    }

    /// The pages a pool of `total` offers a draw: only those that are whole, so the second draw is
    /// never a short last page, and only those the upstream serves (`lastOffset`), whatever total
    /// it claims; at least the first.
    static func pages(ofPool total: Int, pageSize: Int, lastOffset: Int) -> Int {
        max(1, min(max(0, total) / pageSize, lastOffset / pageSize + 1))
    }

    /// A deck is drawn for a grid-less, one-at-a-time view: the upstream's compact set suffices.
    private var asksForCompactSet: Bool { rules.compactSetOmits != nil }

    private func page(tag: String?, offset: Int, rating: String, type: MediaType) async throws -> Fetched<UpstreamPage> {
        if let tag {
            return try await gateway.search(SearchRequest(query: tag, offset: offset, limit: pageSize, rating: rating,
                                                          type: type, compactRenditions: asksForCompactSet), payer: payer).value()
        }
        return try await gateway.trending(TrendingRequest(offset: offset, limit: pageSize, rating: rating, type: type,
                                                          compactRenditions: asksForCompactSet), payer: payer).value()
    }
}

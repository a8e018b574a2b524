import DemoMedia
import Service

/// A demo provider as the app serves it: its fake's media links (under `DemoMediaLinks.upstreamBase`)
/// become paths of this server (`/media/...`), which is how items keep them; each answer then writes
/// them against the address its client reached the server at. Everything else passes through.
struct DemoLinksProvider: Provider {
    let upstream: any Provider

    func search(_ request: SearchRequest) async throws -> UpstreamPage { Self.local(try await upstream.search(request)) }
    func trending(_ request: TrendingRequest) async throws -> UpstreamPage { Self.local(try await upstream.trending(request)) }
    func item(id: String) async throws -> Item { Self.local(try await upstream.item(id: id)) }
    func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        Self.local(try await upstream.random(tag: tag, rating: rating, type: type))
    }
    func searchSuggestions(for query: String, limit: Int) async throws -> [String] {
        try await upstream.searchSuggestions(for: query, limit: limit)
    }
    func trendingSearches() async throws -> [String] { try await upstream.trendingSearches() }
    func trackDownload(of item: Item) async throws { try await upstream.trackDownload(of: item) }
    var reportedCallsRemaining: ReportedCallsRemaining? { upstream.reportedCallsRemaining }

    static func local(_ page: UpstreamPage) -> UpstreamPage {
        var page = page
        page.items = page.items.map(local)
        return page
    }

    static func local(_ item: Item) -> Item {
        var item = item
        item.images = item.images.mapValues { rendition in
            var rendition = rendition
            rendition.url = DemoMediaLinks.local(rendition.url)
            rendition.mp4 = rendition.mp4.map(DemoMediaLinks.local)
            rendition.webp = rendition.webp.map(DemoMediaLinks.local)
            return rendition
        }
        if let avatar = item.user?.avatarURL { item.user?.avatarURL = DemoMediaLinks.local(avatar) }
        return item
    }
}

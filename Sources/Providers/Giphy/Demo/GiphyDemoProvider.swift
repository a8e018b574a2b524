import ASCII
import DemoMedia
import Foundation
import GiphyCatalog
import GiphyClient
import Model
import Synchronization

/// GIPHY's demo: the catalog served in-process behind the same `Provider` protocol as GIPHY's
/// client, with GIPHY's listing rules (the catalog's own, which the fake GIPHY serves over HTTP
/// to the tests) and GIPHY's mapping to our GIF (`GIFMapping.item`): no socket, no JSON, and
/// links that are gif-bff's own pictures from the start (`/media/giphy/...`). Stickers are the
/// same GIFs, as GIPHY's object type is all that tells them apart. It is also the demo's
/// pingback channel: a pingback is taken and counted, never sent anywhere.
package final class GiphyDemoProvider: Provider, PingbackChannel {
    /// Where the demo's GIFs say their analytics pingbacks go: a host that never resolves (RFC
    /// 2606's `.invalid`), as the demo takes its pingbacks itself.
    package static let analyticsBase = "http://giphy-demo.invalid"

    /// The catalog as served: its pictures at `DemoMediaLinks.base`.
    package let catalog: GIFCatalog
    /// Its pictures, drawn on demand.
    package let media: GiphyDemoMedia
    private let pingbacks = Atomic<Int>(0)

    package init(catalog: GIFCatalog = .standard) {
        let served = catalog.withMedia(at: DemoMediaLinks.base)
        self.catalog = served
        media = GiphyDemoMedia(catalog: served)
    }

    package func search(_ request: SearchRequest) async throws -> UpstreamPage {
        let (query, paging) = try Self.accepted { () throws(GIFRefusal) in
            (try GIFCatalog.checkedQuery(request.query),
             try GIFPaging(limit: request.limit, offset: request.offset, rating: Self.sent(request.rating)))
        }
        return page(catalog.search(query, rating: paging.rating), paging, compact: request.compactRenditions)
    }

    package func trending(_ request: TrendingRequest) async throws -> UpstreamPage {
        let paging = try Self.accepted { () throws(GIFRefusal) in
            try GIFPaging(limit: request.limit, offset: request.offset, rating: Self.sent(request.rating))
        }
        return page(catalog.trending(rating: paging.rating), paging, compact: request.compactRenditions)
    }

    package func item(id: String) async throws -> Item {
        guard let gif = catalog.gif(id: id) else { throw UpstreamError.notFound }
        return try Self.item(gif)
    }

    /// Nothing for the tag is `notFound`, as GIPHY's empty answer is read.
    package func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        let filter = try Self.accepted { () throws(GIFRefusal) in try RatingFilter.checked(Self.sent(rating)) }
        guard let gif = catalog.randomPool(tag: Self.sent(tag), rating: filter).randomElement() else { throw UpstreamError.notFound }
        return try Self.item(gif)
    }

    package func searchSuggestions(for query: String, limit: Int) async throws -> [String] {
        try Self.accepted { () throws(GIFRefusal) in try catalog.autocomplete(query, limit: limit) }
    }

    package func trendingSearches() async throws -> [String] { catalog.trendingSearches }

    /// Takes the pingback: counted, sent nowhere.
    package func ping(_ url: String, at date: Date, install: InstallID?) async throws {
        pingbacks.add(1, ordering: .relaxed)
    }

    /// Pingbacks taken since start.
    package var pingbacksTaken: Int { pingbacks.load(ordering: .relaxed) }

    /// A page as GIPHY's list endpoints answer it: its total, its own count and the offset asked;
    /// the compact bundle's renditions only when asked.
    private func page(_ all: [CatalogGIF], _ paging: GIFPaging, compact: Bool) -> UpstreamPage {
        let gifs = paging.page(of: all).map { RenditionBundle.trim($0, to: compact ? RenditionBundle.messagingNonClipsName : nil) }
        return UpstreamPage(items: gifs.compactMap { GIFMapping.item($0.fields(analyticsBase: Self.analyticsBase)) }, totalCount: all.count,
                            count: gifs.count, offset: paging.offset)
    }

    private static func item(_ gif: CatalogGIF) throws(UpstreamError) -> Item {
        guard let item = GIFMapping.item(gif.fields(analyticsBase: analyticsBase)) else { throw .badResponse(reason: "the demo GIF \(gif.id) has no id or url") }
        return item
    }

    /// An optional parameter as GIPHY's client sends it: not at all when blank.
    private static func sent(_ value: String?) -> String? {
        value.flatMap { WhiteSpace.isBlank($0) ? nil : $0 }
    }

    /// What GIPHY's client makes of a refused call: 400 and 414 are rejections.
    private static func accepted<T>(_ body: () throws(GIFRefusal) -> T) throws(UpstreamError) -> T {
        do throws(GIFRefusal) {
            return try body()
        } catch {
            throw .rejected(status: error.status)
        }
    }
}

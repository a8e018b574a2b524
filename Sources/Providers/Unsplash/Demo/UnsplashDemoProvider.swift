import DemoCatalog
import ASCII
import DemoMedia
import Foundation
import Model
import Synchronization
import UnsplashCatalog
import UnsplashClient

/// Unsplash's demo: the photo catalog served in-process behind the same `Provider` protocol as
/// Unsplash's client, with Unsplash's listing rules (the catalog's own, which the fake Unsplash
/// serves over HTTP to the tests) and Unsplash's mapping to our item (`PhotoMapping.item`): no
/// socket, no JSON, and links that are gif-bff's own pictures from the start
/// (`/media/unsplash/...`). A list's photos come without location and camera, as Unsplash's
/// lists do; a photo by id and a random one with them. Download tracking is taken and counted.
/// No hourly limit of its own is reported: only gif-bff's budget limits the demo.
package final class UnsplashDemoProvider: Provider {
    /// Where the demo's photos say their downloads are tracked: a host that never resolves (RFC
    /// 2606's `.invalid`), as the demo tracks them itself.
    package static let apiBase = "http://unsplash-demo.invalid"

    /// The catalog as served: its pictures at `DemoMediaLinks.base`, each photo the size it is drawn.
    package let catalog: PhotoCatalog
    /// Its pictures, drawn on demand.
    package let media: UnsplashDemoMedia
    private let mapping: PhotoMapping
    private let downloads = Atomic<Int>(0)

    /// `appName`: what attribution links name as their `utm_source` (`GIF_BFF_APP_NAME`).
    package init(catalog: PhotoCatalog = .standard, appName: String) {
        let served = UnsplashDemoMedia.servedCatalog(catalog, mediaAt: DemoMediaLinks.base)
        self.catalog = served
        media = UnsplashDemoMedia(catalog: served)
        mapping = PhotoMapping(appName: appName)
    }

    package func search(_ request: SearchRequest) async throws -> UpstreamPage {
        guard let query = PhotoCatalog.checkedQuery(request.query),
              let order = PhotoCatalog.SearchOrder(parameter: request.order) else { throw UpstreamError.rejected(status: 400) }
        let paging = try Self.paging(offset: request.offset, limit: request.limit)
        let all = catalog.search(query, order: order)
        return page(paging.searchSlice(of: all), total: all.count, offset: request.offset)
    }

    /// The editorial feed.
    package func trending(_ request: TrendingRequest) async throws -> UpstreamPage {
        let paging = try Self.paging(offset: request.offset, limit: request.limit)
        let all = catalog.feed(order: PhotoCatalog.FeedOrder(parameter: request.order))
        return page(paging.slice(of: all), total: all.count, offset: request.offset)
    }

    package func item(id: String) async throws -> Item {
        guard let photo = catalog.photo(id: id) else { throw UpstreamError.notFound }
        return try detail(photo)
    }

    /// `rating` and `type` have no meaning at Unsplash; nothing for the query is `notFound`.
    package func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        // A blank tag is not sent, as by the client.
        let query = tag.flatMap { WhiteSpace.isBlank($0) ? nil : $0 }
        guard let photo = catalog.randomPool(query: query).randomElement() else { throw UpstreamError.notFound }
        return try detail(photo)
    }

    /// Taken and counted: the demo tracks its own downloads. A photo it does not hold is `notFound`.
    package func trackDownload(of item: Item) async throws {
        guard let id = ItemID(item.id), id.provider == .unsplash, catalog.photo(id: id.upstreamID) != nil else {
            throw UpstreamError.notFound
        }
        downloads.add(1, ordering: .relaxed)
    }

    /// Downloads tracked since start.
    package var downloadsTracked: Int { downloads.load(ordering: .relaxed) }

    /// A list's page: Unsplash's total, the photos it holds counted, the offset asked.
    private func page(_ photos: [CatalogPhoto], total: Int, offset: Int) -> UpstreamPage {
        UpstreamPage(items: photos.compactMap { mapping.item($0.fields(in: catalog, detail: false)) }, totalCount: total,
                     count: photos.count, offset: offset)
    }

    private func detail(_ photo: CatalogPhoto) throws(UpstreamError) -> Item {
        guard let item = mapping.item(photo.fields(in: catalog, detail: true)) else {
            throw .badResponse(reason: "the demo photo \(photo.id) has no id or usable urls")
        }
        return item
    }

    /// The page Unsplash's client asks for (`Unsplash.page`); a page or size below 1 is its 400.
    private static func paging(offset: Int, limit: Int) throws(UpstreamError) -> PhotoPaging {
        let asked = Unsplash.page(offset: offset, limit: limit)
        guard let paging = PhotoPaging(page: asked.page, perPage: asked.perPage) else { throw .rejected(status: 400) }
        return paging
    }
}

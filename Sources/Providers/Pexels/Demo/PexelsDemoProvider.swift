import DemoCatalog
import ASCII
import DemoMedia
import Model
import PexelsCatalog
import PexelsClient

/// Pexels' demo: the Pexels catalog served in-process behind the same `Provider` protocol as
/// Pexels' client, with Pexels' listing rules (the catalog's own, which the fake Pexels serves over
/// HTTP to the tests) and Pexels' mapping to our item (`PexelsMapping.item`): no socket, no JSON,
/// and links that are gif-bff's own pictures from the start (`/media/pexels/...`). No limit of its
/// own is reported: only gif-bff's budget limits the demo.
package final class PexelsDemoProvider: Provider {
    /// The catalog as served: its pictures at `DemoMediaLinks.base`, each photo the size it is drawn.
    package let catalog: PexelsCatalog
    /// Its pictures, drawn on demand.
    package let media: PexelsDemoMedia
    private let mapping = PexelsMapping()

    package init(catalog: PexelsCatalog = .standard) {
        let served = PexelsDemoMedia.servedCatalog(catalog, mediaAt: DemoMediaLinks.base)
        self.catalog = served
        media = PexelsDemoMedia(catalog: served)
    }

    package func search(_ request: SearchRequest) async throws -> UpstreamPage {
        let paging = try Self.paging(offset: request.offset, limit: request.limit)
        return page(catalog.search(request.query), paging: paging, offset: request.offset)
    }

    /// The curated photos.
    package func trending(_ request: TrendingRequest) async throws -> UpstreamPage {
        let paging = try Self.paging(offset: request.offset, limit: request.limit)
        return page(catalog.curated, paging: paging, offset: request.offset)
    }

    package func item(id: String) async throws -> Item {
        guard let photo = catalog.photo(id: id), let item = mapping.item(photo.fields(in: catalog)) else { throw UpstreamError.notFound }
        return item
    }

    /// As the client: a photo of the first full page (80) of the search, or of the curated list.
    package func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        let query = tag.flatMap { WhiteSpace.isBlank($0) ? nil : $0 }
        let pool = (query.map(catalog.search) ?? catalog.curated).prefix(Pexels.maxPerPage)
        guard let photo = pool.randomElement(), let item = mapping.item(photo.fields(in: catalog)) else { throw UpstreamError.notFound }
        return item
    }

    /// A list's page as Pexels' client reads it: the total is the list's, and the last page (no
    /// `next_page`) ends the list where its photos end, as the client's reading makes it.
    private func page(_ all: [PexelsCatalogPhoto], paging: PexelsPaging, offset: Int) -> UpstreamPage {
        let photos = paging.slice(of: all)
        let total = !paging.hasNext(total: all.count) && !photos.isEmpty ? offset + photos.count : all.count
        return UpstreamPage(items: photos.compactMap { mapping.item($0.fields(in: catalog)) }, totalCount: total,
                            count: photos.count, offset: offset)
    }

    /// The page Pexels' client asks for (`Pexels.page`); a page or size below 1 is a 400.
    private static func paging(offset: Int, limit: Int) throws(UpstreamError) -> PexelsPaging {
        let asked = Pexels.page(offset: offset, limit: limit)
        guard let paging = PexelsPaging(page: asked.page, perPage: asked.perPage) else { throw .rejected(status: 400) }
        return paging
    }
}

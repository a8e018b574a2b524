import DemoCatalog
import DemoMedia
import KlipyCatalog
import KlipyClient
import Model

/// KLIPY's demo: the KLIPY catalog served in-process behind the same `Provider` protocol as
/// KLIPY's client, with KLIPY's listing rules (the catalog's own, which the fake KLIPY serves over
/// HTTP to the tests) and KLIPY's mapping to our item (`KlipyMapping.item`): no socket, no JSON,
/// and links that are gif-bff's own pictures from the start (`/media/klipy/...`).
package final class KlipyDemoProvider: Provider {
    /// The catalog as served: its pictures at `DemoMediaLinks.base`.
    package let catalog: KlipyCatalog
    /// Its pictures, drawn on demand.
    package let media: KlipyDemoMedia

    package init(catalog: KlipyCatalog = .standard) {
        let served = catalog.withMedia(at: DemoMediaLinks.base)
        self.catalog = served
        media = KlipyDemoMedia(catalog: served)
    }

    package func search(_ request: SearchRequest) async throws -> UpstreamPage {
        let paging = try Self.paging(offset: request.offset, limit: request.limit, search: true)
        let all = catalog.search(request.query, kind: Self.kind(request.type), filter: Self.filter(request.rating))
        return page(paging.slice(of: all), paging: paging, total: all.count, offset: request.offset)
    }

    package func trending(_ request: TrendingRequest) async throws -> UpstreamPage {
        let paging = try Self.paging(offset: request.offset, limit: request.limit, search: false)
        let all = catalog.trending(kind: Self.kind(request.type), filter: Self.filter(request.rating))
        return page(paging.slice(of: all), paging: paging, total: all.count, offset: request.offset)
    }

    package func item(id: String) async throws -> Item {
        guard let lookup = Klipy.lookup(id), let number = Int(lookup.id), let found = catalog.item(id: number),
              (found.kind == .sticker) == lookup.sticker else { throw UpstreamError.notFound }
        return try detail(found)
    }

    /// As the client does: one of the first page of the search (trending without a tag).
    package func random(tag: String?, rating: String?, type: MediaType) async throws -> Item {
        let filter = Self.filter(rating)
        let pool = if let tag, !tag.allSatisfy(\.isWhitespace) {
            catalog.search(tag, kind: Self.kind(type), filter: filter)
        } else {
            catalog.trending(kind: Self.kind(type), filter: filter)
        }
        guard let found = pool.prefix(Klipy.rules.defaultLimit).randomElement() else { throw UpstreamError.notFound }
        return try detail(found)
    }

    /// KLIPY's page: no total but on the last page, as the client reads `has_next`.
    private func page(_ items: [KlipyCatalogItem], paging: KlipyPaging, total: Int, offset: Int) -> UpstreamPage {
        UpstreamPage(items: items.compactMap { KlipyMapping.item($0.fields(in: catalog)) },
                     totalCount: paging.hasNext(total: total) ? nil : offset + items.count, count: items.count, offset: offset)
    }

    private func detail(_ found: KlipyCatalogItem) throws(UpstreamError) -> Item {
        guard let item = KlipyMapping.item(found.fields(in: catalog)) else {
            throw .badResponse(reason: "the demo item \(found.id) has no usable file")
        }
        return item
    }

    /// The page KLIPY's client asks for; outside KLIPY's bounds is its refusal.
    private static func paging(offset: Int, limit: Int, search: Bool) throws(UpstreamError) -> KlipyPaging {
        let asked = Klipy.page(offset: offset, limit: limit)
        guard let paging = KlipyPaging(page: asked.page, perPage: asked.perPage, search: search) else { throw .rejected(status: 422) }
        return paging
    }

    /// The filter KLIPY applies for the rating the client would send; none sent is KLIPY's default (off).
    static func filter(_ rating: String?) -> KlipyContentFilter {
        Klipy.contentFilter(for: rating).flatMap(KlipyContentFilter.init) ?? .off
    }

    private static func kind(_ type: MediaType) -> KlipyKind { type == .stickers ? .sticker : .gif }
}

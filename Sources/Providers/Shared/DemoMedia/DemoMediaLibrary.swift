/// The demo media every demo provider serves, drawn on first use and kept in a memory cache
/// bounded in bytes (`DemoPictureCache`). A picture already drawn is answered at once; one to
/// draw goes to the drawing threads (`DrawingPool`), so no answer waits behind drawing but
/// another drawing. The same recipe always gives the same bytes.
package final class DemoMediaLibrary: Sendable {
    package struct Image: Sendable {
        package let bytes: [UInt8]
        package let contentType: String
    }

    package static let defaultCacheBytes = 32 * 1024 * 1024

    /// What a refused draw's answer says to wait, in seconds: a queue of small drawings is gone by then.
    package static let busyRetryAfterSeconds = 1

    private let catalogs: [String: any DemoMediaCatalog]
    private let cache: DemoPictureCache
    private let pool: DrawingPool

    /// `catalogs` by provider name: only providers served from their demo catalogs.
    package init(catalogs: [String: any DemoMediaCatalog], cacheBytes: Int = DemoMediaLibrary.defaultCacheBytes,
                drawing: DemoDrawing = DemoDrawing()) {
        self.catalogs = catalogs
        let cache = DemoPictureCache(limit: cacheBytes)
        self.cache = cache
        pool = DrawingPool(drawing) { picture, bytes in cache.insert(picture, Image(bytes: bytes, contentType: picture.contentType)) }
    }

    package var providers: [String] { catalogs.keys.sorted() }

    /// The picture a media path names, from the cache or drawn now.
    package func image(provider: String, key: String, name: String, query: [String: String]) async throws(DemoMediaError) -> Image {
        guard let catalog = catalogs[provider] else { throw .notFound("\(provider) is not served from a demo catalog here.") }
        try DemoMediaSize.check(query)
        let picture = try catalog.picture(key: key, name: name, query: query)
        if let cached = cache.use(picture) { return cached }
        switch await pool.draw(picture) {
        case .drawn(let bytes): return Image(bytes: bytes, contentType: picture.contentType)
        case .failed: throw .notFound("The picture could not be drawn.")
        case .busy: throw .busy(retryAfterSeconds: Self.busyRetryAfterSeconds)
        }
    }

    /// Ends the drawing threads (a draw asked later fails); what is cached is still served.
    package func stop() { pool.stop() }

    /// Bytes held by the cache, for tests and the bench.
    package var cachedBytes: Int { cache.bytes }
    package var cachedCount: Int { cache.count }
    /// Distinct pictures waiting for a drawing thread.
    package var queuedDrawings: Int { pool.queuedCount }
    /// Answers waiting for a picture to be drawn (the same picture asked twice counts twice).
    package var waitingForDrawing: Int { pool.waitingCount }
}

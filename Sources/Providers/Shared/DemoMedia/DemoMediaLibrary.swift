import Recency
import Synchronization

/// The demo media every demo provider serves, drawn on first use and kept in a memory cache
/// bounded in bytes (least recently used out first). A picture is drawn off the caller's thread
/// (an event loop must not wait on a large photo), and the same recipe always gives the same bytes.
public final class DemoMediaLibrary: Sendable {
    public struct Image: Sendable {
        public let bytes: [UInt8]
        public let contentType: String
    }

    public static let defaultCacheBytes = 32 * 1024 * 1024

    private struct Cache {
        var images = RecencyList<DemoPicture, Image>()
        var bytes = 0
    }

    private let catalogs: [String: any DemoMediaCatalog]
    private let cacheLimit: Int
    private let cache = Mutex(Cache())

    /// `catalogs` by provider name: only providers served from their demo catalogs.
    public init(catalogs: [String: any DemoMediaCatalog], cacheBytes: Int = DemoMediaLibrary.defaultCacheBytes) {
        self.catalogs = catalogs
        cacheLimit = max(0, cacheBytes)
    }

    public var providers: [String] { catalogs.keys.sorted() }

    /// The picture a media path names, from the cache or drawn now.
    public func image(provider: String, key: String, name: String, query: [String: String]) async throws(DemoMediaError) -> Image {
        guard let catalog = catalogs[provider] else { throw .notFound("\(provider) is not served from a demo catalog here.") }
        try DemoMediaSize.check(query)
        let picture = try catalog.picture(key: key, name: name, query: query)
        if let cached = cache.withLock({ $0.images.use(picture) { $0 } }) { return cached }
        let drawn = await Task.detached(priority: .utility) { try? picture.render() }.value
        guard let bytes = drawn else { throw .notFound("The picture could not be drawn.") }
        let image = Image(bytes: bytes, contentType: picture.contentType)
        remember(picture, image)
        return image
    }

    /// Bytes held by the cache, for tests and the bench.
    public var cachedBytes: Int { cache.withLock { $0.bytes } }
    public var cachedCount: Int { cache.withLock { $0.images.count } }

    private func remember(_ picture: DemoPicture, _ image: Image) {
        guard image.bytes.count <= cacheLimit else { return }
        cache.withLock { cache in
            if cache.images.use(picture, { _ in () }) != nil { return }
            cache.images.insert(picture, image)
            cache.bytes += image.bytes.count
            while cache.bytes > cacheLimit, let oldest = cache.images.removeOldest() {
                cache.bytes -= oldest.value.bytes.count
            }
        }
    }
}

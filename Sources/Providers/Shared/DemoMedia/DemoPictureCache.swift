import Primitives
import Synchronization

/// The demo pictures drawn, held in memory up to a bound in bytes, least recently used out first
/// (`BoundedLRU`); a picture larger than the bound is not held.
final class DemoPictureCache: Sendable {
    private let images: Mutex<BoundedLRU<DemoPicture, DemoMediaLibrary.Image>>

    init(limit: Int) {
        images = Mutex(BoundedLRU(maxCount: .max, maxBytes: max(0, limit)))
    }

    /// The picture if held, now the most recently used.
    func use(_ picture: DemoPicture) -> DemoMediaLibrary.Image? {
        images.withLock { $0.use(picture) { $0 } }
    }

    /// Holds a picture just drawn, unless one drawn meanwhile is held already (the same bytes).
    func insert(_ picture: DemoPicture, _ image: DemoMediaLibrary.Image) {
        images.withLock { images in
            if images.use(picture, { _ in () }) != nil { return }
            images.insert(image, forKey: picture, bytes: image.bytes.count)
        }
    }

    var bytes: Int { images.withLock { $0.bytes } }
    var count: Int { images.withLock { $0.count } }
}

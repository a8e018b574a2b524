import Recency
import Synchronization

/// The demo pictures drawn, kept in memory up to a bound in bytes, least recently used out first;
/// a picture larger than the bound is not kept.
final class DemoPictureCache: Sendable {
    private struct Held {
        var images = RecencyList<DemoPicture, DemoMediaLibrary.Image>()
        var bytes = 0
    }

    private let limit: Int
    private let held = Mutex(Held())

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The picture if kept, now the most recently used.
    func use(_ picture: DemoPicture) -> DemoMediaLibrary.Image? {
        held.withLock { $0.images.use(picture) { $0 } }
    }

    func keep(_ picture: DemoPicture, _ image: DemoMediaLibrary.Image) {
        guard image.bytes.count <= limit else { return }
        held.withLock { held in
            if held.images.use(picture, { _ in () }) != nil { return }
            held.images.insert(picture, image)
            held.bytes += image.bytes.count
            while held.bytes > limit, let oldest = held.images.removeOldest() {
                held.bytes -= oldest.value.bytes.count
            }
        }
    }

    var bytes: Int { held.withLock { $0.bytes } }
    var count: Int { held.withLock { $0.images.count } }
}

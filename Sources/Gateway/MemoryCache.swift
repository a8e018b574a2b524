import Model
import Foundation
import Primitives
import Synchronization

/// The in-memory front of the response cache: decoded answers, least recently used evicted
/// (in O(1), by `BoundedLRU`). Both event loops hit it on every cached answer, so a hit holds
/// the lock briefly: the key is hashed before it is taken, and an entry among the newest eighth
/// is not moved (`BoundedLRU.use(_:unlessAmongNewest:_:)`), so a hot entry's hit writes nothing
/// of the order.
final class MemoryCache: Sendable {
    struct Entry {
        let value: any Sendable
        /// Unique in the process: a new answer for the same key gets a new one.
        let id: UInt64
        let storedAt: Date
        /// When the store last heard this entry was used (its eviction order is by use).
        var touchedStoreAt: Date
    }

    private let capacity: Int
    /// How many of the newest entries a hit leaves where they are: an eighth of the capacity.
    private let recent: Int
    private let state: Mutex<BoundedLRU<HashedKey, Entry>>
    private static let nextID = Atomic<UInt64>(1)

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
        recent = max(capacity / 8, 1)
        state = Mutex(BoundedLRU(maxCount: self.capacity))
    }

    var count: Int { state.withLock { $0.count } }

    /// The entry, marked as used; `touchStoreAfter` says whether the store should be told too.
    func entry(_ key: String, now: Date, touchStoreAfter seconds: Double) -> (Entry, touchStore: Bool)? {
        let key = HashedKey(key)
        return state.withLock { entries in
            entries.use(key, unlessAmongNewest: recent) { entry in
                let touch = now.timeIntervalSince(entry.touchedStoreAt) > seconds
                if touch { entry.touchedStoreAt = now }
                return (entry, touch)
            }
        }
    }

    /// A new answer's id, unique in the process (also for answers not held: `UpstreamGateway.refresh`).
    static func newID() -> UInt64 { nextID.add(1, ordering: .relaxed).oldValue }

    /// Holds `value` under a new id, which it returns; nil when nothing is held (no capacity).
    @discardableResult
    func insert(_ key: String, value: any Sendable, storedAt: Date, now: Date) -> UInt64? {
        guard capacity > 0 else { return nil }
        let id = Self.newID()
        let key = HashedKey(key)
        state.withLock { entries in
            _ = entries.insert(Entry(value: value, id: id, storedAt: storedAt, touchedStoreAt: now), forKey: key)
        }
        return id
    }
}

/// A key with its hash worked out before the lock is taken: under it the dictionary only mixes
/// an Int and compares the text of the entry found.
private struct HashedKey: Hashable, Sendable {
    let text: String
    let hash: Int

    init(_ text: String) {
        self.text = text
        hash = text.hashValue
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.hash == rhs.hash && lhs.text == rhs.text }
}

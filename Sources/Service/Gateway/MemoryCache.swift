import Foundation
import Synchronization

/// The in-memory front of the response cache: decoded answers, least recently used evicted.
final class MemoryCache: Sendable {
    struct Entry {
        let value: any Sendable
        /// Unique in the process: a new answer for the same key gets a new one.
        let id: UInt64
        let storedAt: Date
        var lastUsed: UInt64
        /// When the store last heard this entry was used (its eviction order is by use).
        var touchedStoreAt: Date
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let capacity: Int
    private let state = Mutex(State())
    private static let nextID = Atomic<UInt64>(1)

    init(capacity: Int) { self.capacity = max(capacity, 0) }

    /// The entry, marked as used; `touchStoreAfter` says whether the store should be told too.
    func entry(_ key: String, now: Date, touchStoreAfter seconds: Double) -> (Entry, touchStore: Bool)? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUsed = state.clock
            let touch = now.timeIntervalSince(entry.touchedStoreAt) > seconds
            if touch { entry.touchedStoreAt = now }
            state.entries[key] = entry
            return (entry, touch)
        }
    }

    func insert(_ key: String, value: any Sendable, storedAt: Date, now: Date) {
        guard capacity > 0 else { return }
        state.withLock { state in
            state.clock += 1
            let id = Self.nextID.add(1, ordering: .relaxed).oldValue
            state.entries[key] = Entry(value: value, id: id, storedAt: storedAt, lastUsed: state.clock, touchedStoreAt: now)
            if state.entries.count > capacity,
               let oldest = state.entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
                state.entries[oldest] = nil
            }
        }
    }
}

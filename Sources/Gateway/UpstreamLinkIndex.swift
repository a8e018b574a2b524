import Model
import Synchronization

/// The pingback links of items the server has lately held (pages and GIFs fetched or read from
/// the cache), by item id, so an event finds them without an upstream call. Bounded: the least
/// recently recorded go first.
package final class UpstreamLinkIndex: Sendable {
    package static let defaultCapacity = 10_000

    private struct State {
        var links: [String: (links: UpstreamLinks, stamp: UInt64)] = [:]
        var nextStamp: UInt64 = 0
    }

    package let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = UpstreamLinkIndex.defaultCapacity) {
        self.capacity = max(0, capacity)
    }

    /// Records the items that carry analytics links; the others are left out.
    package func record(_ items: [Item]) {
        // Two fields read in place through the buffer: `compactMap` lent its closure a copy of
        // each item (a retain and a release per field: 2% of an own-call Unsplash miss, perf).
        var carrying: [(String, UpstreamLinks)] = []
        items.withUnsafeBufferPointer { items in
            for index in items.indices {
                guard let links = items[index].upstreamLinks, links.hasAnalytics else { continue }
                // Room for the rest at the first: every GIF of a GIPHY page carries links.
                if carrying.isEmpty { carrying.reserveCapacity(items.count - index) }
                carrying.append((items[index].id, links))
            }
        }
        guard !carrying.isEmpty, capacity > 0 else { return }
        state.withLock { state in
            for (id, links) in carrying {
                state.nextStamp += 1
                state.links[id] = (links, state.nextStamp)
            }
            if state.links.count > capacity { Self.evictOldest(&state, keeping: capacity) }
        }
    }

    package func links(for id: String) -> UpstreamLinks? {
        state.withLock { $0.links[id]?.links }
    }

    package var count: Int { state.withLock { $0.links.count } }

    /// Evicts down to 90% of capacity at once, so a full index sorts rarely rather than per insert.
    private static func evictOldest(_ state: inout State, keeping capacity: Int) {
        let keep = max(1, capacity * 9 / 10)
        let oldest = state.links.sorted { $0.value.stamp < $1.value.stamp }.prefix(state.links.count - keep)
        for (id, _) in oldest { state.links.removeValue(forKey: id) }
    }
}

extension UpstreamLinks {
    /// Whether any of GIPHY's analytics pingback urls is present.
    var hasAnalytics: Bool { [onload, onclick, onsent].contains { !($0 ?? "").isEmpty } }
}

extension UpstreamLinkIndex {
    /// Records the items of an upstream value (a page or one item); other values carry none.
    func recordItems(of value: some Sendable) {
        if let page = value as? UpstreamPage {
            record(page.items)
        } else if let item = value as? Item {
            record([item])
        }
    }
}

import Foundation
import Synchronization

/// The upstream's "not found" (an unknown id, a tag with nothing to pick), remembered per key for
/// a while, so that asking again costs no call: a 404 spends a call as an answer does, and is
/// never cached, so one unknown id asked over and over spent one each time. At most `capacity`
/// keys: past it the expired go, then the oldest (every key lives as long, so it ends first).
final class NotFoundMemory: Sendable {
    static let capacity = 4_096

    private let lifetime: Double
    private let remembered = Mutex<[String: Date]>([:])

    /// `lifetime`: seconds a "not found" is remembered; 0 or less remembers none.
    init(lifetime: Double) {
        self.lifetime = lifetime
    }

    /// Whether the upstream said "not found" for `key` less than `lifetime` ago. A time in the
    /// future (the clock went back) counts as now, so it cannot keep a key for long.
    func contains(_ key: String, now: Date) -> Bool {
        guard lifetime > 0 else { return false }
        return remembered.withLock { remembered in
            guard let at = remembered[key] else { return false }
            guard now.timeIntervalSince(min(at, now)) < lifetime else {
                remembered[key] = nil
                return false
            }
            return true
        }
    }

    func remember(_ key: String, now: Date) {
        guard lifetime > 0 else { return }
        remembered.withLock { remembered in
            if remembered[key] == nil, remembered.count >= Self.capacity {
                remembered = remembered.filter { now.timeIntervalSince(min($0.value, now)) < lifetime }
                // Still full: only keys younger than `lifetime`; the oldest goes. Rare (a flood of
                // unknown ids, each of which spent a call), and bounded by `capacity`.
                if remembered.count >= Self.capacity, let oldest = remembered.min(by: { $0.value < $1.value })?.key {
                    remembered[oldest] = nil
                }
            }
            remembered[key] = now
        }
    }

    /// How many keys are remembered (for tests).
    var count: Int { remembered.withLock { $0.count } }
}

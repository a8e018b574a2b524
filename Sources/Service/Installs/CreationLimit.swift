import Model
import Foundation
import Synchronization

/// At most `perHour` new installs per key (a client's address, or its network; the server's is a
/// `SharedCreationLimit`): a token bucket per key, `perHour` at once, then one every
/// 3600/`perHour` seconds. At most `capacity` keys are remembered: past it, the full buckets are
/// forgotten first (they say nothing), then the longest unused.
final class CreationLimit: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    let perHour: Int
    let capacity: Int
    private let buckets = Mutex<[String: Bucket]>([:])

    init(perHour: Int, capacity: Int = 10_000) {
        self.perHour = max(1, perHour)
        self.capacity = max(1, capacity)
    }

    private var perSecond: Double { Double(perHour) / 3600 }

    /// Takes one creation for `key`: nil when allowed, else the seconds until the next is.
    func take(_ key: String, now: Date) -> Int? {
        buckets.withLock { buckets in
            var bucket = buckets[key].map { refilled($0, now: now) } ?? Bucket(tokens: Double(perHour), updated: now)
            guard bucket.tokens >= 1 else {
                buckets[key] = bucket
                return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
            }
            bucket.tokens -= 1
            buckets[key] = bucket
            if buckets.count > capacity { forgetSome(&buckets, now: now) }
            return nil
        }
    }

    /// Gives back a creation taken for `key` that another limit then refused, so a refusal costs
    /// nothing here.
    func refund(_ key: String, now: Date) {
        buckets.withLock { buckets in
            guard let bucket = buckets[key].map({ refilled($0, now: now) }) else { return }
            buckets[key] = Bucket(tokens: min(Double(perHour), bucket.tokens + 1), updated: bucket.updated)
        }
    }

    var rememberedKeys: Int { buckets.withLock { $0.count } }

    private func refilled(_ bucket: Bucket, now: Date) -> Bucket {
        // A clock that went back refills nothing and takes nothing.
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        return Bucket(tokens: min(Double(perHour), bucket.tokens + elapsed * perSecond), updated: max(now, bucket.updated))
    }

    /// Down to nine tenths of the capacity, so this sweep runs once per many creations.
    private func forgetSome(_ buckets: inout [String: Bucket], now: Date) {
        let target = capacity * 9 / 10
        buckets = buckets.filter { refilled($0.value, now: now).tokens < Double(perHour) }
        guard buckets.count > target else { return }
        let oldest = buckets.sorted { $0.value.updated < $1.value.updated }.prefix(buckets.count - target)
        for (key, _) in oldest { buckets[key] = nil }
    }
}

import Foundation

/// A count per key of what each key did lately: every event adds one, and the count fades in
/// proportion to itself, to 1/e of it each `meanLife` (an event an hour old counts 0.37, two hours
/// old 0.14). One number and one date per key. Fading in proportion is what makes a share of a
/// refilling budget hold over time: a key kept at its share takes again only as fast as its count
/// fades, so a few keys at their shares take a bounded part of each refill however long they try.
/// At most `capacity` keys are remembered: past it, the smallest counts are forgotten first (a
/// forgotten count can only let its key take what the count said it had taken).
struct FadingCounts {
    private struct Count {
        var value: Double
        var updated: Date
    }

    let meanLife: TimeInterval
    let capacity: Int
    private var counts: [String: Count] = [:]

    init(meanLife: TimeInterval, capacity: Int) {
        self.meanLife = max(1, meanLife)
        self.capacity = max(1, capacity)
    }

    /// The count of `key` at `now` (0 for a key never counted or forgotten).
    func value(of key: String, now: Date) -> Double {
        counts[key].map { faded($0, now: now).value } ?? 0
    }

    /// One more event for `key` at `now`.
    mutating func add(to key: String, now: Date) {
        var count = counts[key].map { faded($0, now: now) } ?? Count(value: 0, updated: now)
        count.value += 1
        counts[key] = count
        if counts.count > capacity { forgetSome(now: now) }
    }

    /// Nil when the count of `key` is below `level`, else how long until it fades to it.
    func secondsUntil(_ key: String, isBelow level: Double, now: Date) -> TimeInterval? {
        let value = value(of: key, now: now)
        guard value >= level else { return nil }
        guard level > 0 else { return .infinity }
        // value · e^(-t/meanLife) = level.
        return meanLife * log(value / level)
    }

    var rememberedKeys: Int { counts.count }

    private func faded(_ count: Count, now: Date) -> Count {
        // A clock that went back fades nothing.
        let elapsed = max(0, now.timeIntervalSince(count.updated))
        return Count(value: count.value * exp(-elapsed / meanLife), updated: max(now, count.updated))
    }

    /// Down to nine tenths of the capacity, so this sweep runs once per many events.
    private mutating func forgetSome(now: Date) {
        let target = capacity * 9 / 10
        let smallest = counts.map { ($0.key, faded($0.value, now: now).value) }.sorted { $0.1 < $1.1 }
        for (key, _) in smallest.prefix(counts.count - target) { counts[key] = nil }
    }
}

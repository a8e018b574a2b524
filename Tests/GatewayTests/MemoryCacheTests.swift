import Gateway
import Foundation
@testable import Gateway
import XCTest

/// The memory cache evicts the least recently used entry, in O(1): at 100,000 entries, 50,000
/// evictions must not each scan every entry (the old eviction did, 5·10⁹ comparisons in all).
final class MemoryCacheTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_000_000)

    func testTheLeastRecentlyUsedEntryIsEvicted() {
        let cache = MemoryCache(capacity: 3)
        for key in ["a", "b", "c"] { cache.insert(key, value: key, storedAt: now, now: now) }
        XCTAssertNotNil(cache.entry("a", now: now, touchStoreAfter: 60))
        cache.insert("d", value: "d", storedAt: now, now: now)
        XCTAssertNil(cache.entry("b", now: now, touchStoreAfter: 60), "b was used least recently")
        for key in ["a", "c", "d"] { XCTAssertNotNil(cache.entry(key, now: now, touchStoreAfter: 60), key) }
        cache.insert("c", value: "c2", storedAt: now, now: now)
        XCTAssertEqual(cache.count, 3, "a new answer for a key replaces its entry")
        XCTAssertEqual(cache.entry("c", now: now, touchStoreAfter: 60)?.0.value as? String, "c2")
    }

    func testAHundredThousandEntriesEvictInOrderOfUse() {
        let capacity = 100_000
        let cache = MemoryCache(capacity: capacity)
        for number in 0..<capacity { cache.insert("k\(number)", value: number, storedAt: now, now: now) }
        for number in stride(from: 0, to: capacity, by: 2) { _ = cache.entry("k\(number)", now: now, touchStoreAfter: 60) }
        for number in capacity..<(capacity + capacity / 2) { cache.insert("k\(number)", value: number, storedAt: now, now: now) }
        XCTAssertEqual(cache.count, capacity)
        var evicted = 0, kept = 0
        for number in 0..<capacity {
            if cache.entry("k\(number)", now: now, touchStoreAfter: 60) == nil {
                evicted += 1
                XCTAssertEqual(number % 2, 1, "k\(number) was used, an unused one should have gone first")
            } else {
                kept += 1
            }
        }
        XCTAssertEqual(evicted, capacity / 2, "exactly the 50,000 never used again")
        XCTAssertEqual(kept, capacity / 2)
    }

    func testTheTouchOfTheStoreIsAskedForOncePerInterval() {
        let cache = MemoryCache(capacity: 2)
        cache.insert("a", value: 1, storedAt: now, now: now)
        XCTAssertEqual(cache.entry("a", now: now.addingTimeInterval(30), touchStoreAfter: 60)?.touchStore, false)
        XCTAssertEqual(cache.entry("a", now: now.addingTimeInterval(61), touchStoreAfter: 60)?.touchStore, true)
        XCTAssertEqual(cache.entry("a", now: now.addingTimeInterval(90), touchStoreAfter: 60)?.touchStore, false)
    }

    /// A hit on an entry among the newest eighth moves nothing, so it may be evicted before one
    /// used after it, but only once as many others as the rest of the cache went ahead of it.
    func testAHitAmongTheNewestEighthIsEvictedOnlyAfterTheRestOfTheCache() {
        let capacity = 16
        let cache = MemoryCache(capacity: capacity)
        for number in 0..<capacity { cache.insert("k\(number)", value: number, storedAt: now, now: now) }
        XCTAssertNotNil(cache.entry("k14", now: now, touchStoreAfter: 60), "second newest: stays where it is")
        XCTAssertNotNil(cache.entry("k3", now: now, touchStoreAfter: 60), "older than the newest eighth: made the newest")
        for number in 0..<(capacity - 3) { cache.insert("n\(number)", value: number, storedAt: now, now: now) }
        for key in ["k0", "k1", "k2", "k4", "k13"] { XCTAssertNil(cache.entry(key, now: now, touchStoreAfter: 60), key) }
        cache.insert("n13", value: 13, storedAt: now, now: now)
        XCTAssertNil(cache.entry("k14", now: now, touchStoreAfter: 60), "not moved by its hit: the oldest once 14 others went ahead")
        XCTAssertNotNil(cache.entry("k15", now: now, touchStoreAfter: 60), "inserted after k14, not used since")
        XCTAssertNotNil(cache.entry("k3", now: now, touchStoreAfter: 60))
        XCTAssertEqual(cache.count, capacity)
    }
}

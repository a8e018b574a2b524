@testable import Primitives
import XCTest

/// The bounded LRU cache: least recently used out first, within its count and its bytes, a use
/// among the newest moving nothing, and no slot left holding a value it no longer caches.
final class BoundedLRUTests: XCTestCase {
    func testItReusesSlotsAndKeepsItsOrder() {
        var cache = BoundedLRU<Int, String>(maxCount: 10)
        for key in 1...4 { cache.insert("\(key)", forKey: key) }
        XCTAssertEqual(cache.use(2) { $0 += "!" ; return $0 }, "2!")
        XCTAssertEqual(cache.keysOldestFirst, [1, 3, 4, 2])
        XCTAssertEqual(cache.removeOldest()?.key, 1)
        XCTAssertEqual(cache.removeOldest()?.key, 3)
        cache.insert("5", forKey: 5)
        cache.insert("4 again", forKey: 4)
        XCTAssertEqual(cache.keysOldestFirst, [2, 5, 4])
        XCTAssertEqual(cache[4], "4 again")
        XCTAssertEqual(cache.count, 3)
        XCTAssertNil(cache.use(1) { $0 })
        while cache.removeOldest() != nil {}
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.keysOldestFirst, [])
        cache.insert("9", forKey: 9)
        XCTAssertEqual(cache.keysOldestFirst, [9])
    }

    func testAnEntryAmongTheNewestKeepsItsPlaceWhenUsed() {
        var cache = BoundedLRU<Int, String>(maxCount: 10)
        for key in 1...8 { cache.insert("\(key)", forKey: key) }
        XCTAssertEqual(cache.use(7, unlessAmongNewest: 2) { $0 }, "7")
        XCTAssertEqual(cache.keysOldestFirst, Array(1...8), "7 is among the 2 newest: not moved")
        XCTAssertEqual(cache.use(6, unlessAmongNewest: 2) { $0 }, "6")
        XCTAssertEqual(cache.keysOldestFirst, [1, 2, 3, 4, 5, 7, 8, 6], "6 was third newest: moved")
        _ = cache.use(8, unlessAmongNewest: 2) { $0 }
        _ = cache.use(1, unlessAmongNewest: 2) { $0 }
        XCTAssertEqual(cache.keysOldestFirst, [2, 3, 4, 5, 7, 8, 6, 1], "8 was second newest, 1 the oldest")
        _ = cache.use(7, unlessAmongNewest: 1) { $0 }
        XCTAssertEqual(cache.keysOldestFirst, [2, 3, 4, 5, 8, 6, 1, 7], "among the 1 newest is plain use")
        XCTAssertNil(cache.use(9, unlessAmongNewest: 2) { $0 })
    }

    func testTheLeastRecentlyUsedGoesPastTheCountAndAPeekMovesNothing() {
        var cache = BoundedLRU<String, Int>(maxCount: 3)
        for (number, key) in ["a", "b", "c"].enumerated() { cache.insert(number, forKey: key) }
        XCTAssertEqual(cache.use("a") { $0 }, 0)
        XCTAssertEqual(cache["b"], 1, "a peek")
        cache.insert(3, forKey: "d")
        XCTAssertNil(cache["b"], "b was used least recently: its peek did not count")
        XCTAssertEqual(cache.keysOldestFirst, ["c", "a", "d"])
        cache.insert(4, forKey: "c")
        XCTAssertEqual(cache.count, 3, "a new value for a key replaces it")
        XCTAssertEqual(cache.keysOldestFirst, ["a", "d", "c"], "and makes it the newest")
    }

    func testTheBytesAreBoundedAndAValuePastTheBoundIsNotHeld() {
        var cache = BoundedLRU<String, [UInt8]>(maxCount: .max, maxBytes: 10)
        for key in ["a", "b", "c"] { XCTAssertTrue(cache.insert([0, 0, 0], forKey: key, bytes: 3)) }
        XCTAssertEqual(cache.bytes, 9)
        _ = cache.use("a") { _ in }
        XCTAssertTrue(cache.insert([0, 0, 0, 0], forKey: "d", bytes: 4))
        XCTAssertEqual(cache.keysOldestFirst, ["c", "a", "d"], "b, the least recently used, made room")
        XCTAssertEqual(cache.bytes, 10)
        XCTAssertTrue(cache.insert([0], forKey: "a", bytes: 1), "a smaller value for a key")
        XCTAssertEqual(cache.bytes, 8)
        XCTAssertFalse(cache.insert([], forKey: "e", bytes: 11))
        XCTAssertNil(cache["e"])
        XCTAssertFalse(cache.insert([], forKey: "a", bytes: 11), "nor a key's new value")
        XCTAssertNil(cache["a"], "and its old value went: never stale")
        XCTAssertEqual(cache.bytes, 7)
        XCTAssertTrue(cache.insert([], forKey: "big", bytes: 10))
        XCTAssertEqual(cache.keysOldestFirst, ["big"])
        XCTAssertEqual(cache.bytes, 10)
        var none = BoundedLRU<String, Int>(maxCount: 0)
        XCTAssertFalse(none.insert(1, forKey: "a"))
        XCTAssertEqual(none.count, 0)
    }

    func testRemovingFillsTheSlotAndKeepsTheOrder() {
        var cache = BoundedLRU<Int, String>(maxCount: 100)
        for key in 0..<10 { cache.insert("\(key)", forKey: key, bytes: 1) }
        _ = cache.use(0) { _ in }
        XCTAssertEqual(cache.removeValue(forKey: 3), "3")
        XCTAssertNil(cache.removeValue(forKey: 3))
        cache.removeAll { key, _ in key % 2 == 0 }
        XCTAssertEqual(cache.keysOldestFirst, [1, 5, 7, 9])
        XCTAssertEqual(cache.bytes, 4)
        XCTAssertEqual(cache.slots.count, 4, "no slot is left holding a removed value")
        for key in [1, 5, 7, 9] { XCTAssertEqual(cache[key], "\(key)") }
        cache.insert("11", forKey: 11)
        XCTAssertEqual(cache.removeOldest()?.key, 1)
        XCTAssertEqual(cache.keysOldestFirst, [5, 7, 9, 11])
    }

    /// A value evicted is released then, not when its slot is next filled.
    func testAnEvictedValueIsReleasedAtOnce() {
        final class Tracked: Sendable {}
        var cache = BoundedLRU<Int, Tracked>(maxCount: 2)
        weak var first: Tracked?
        do {
            let value = Tracked()
            first = value
            cache.insert(value, forKey: 1)
        }
        cache.insert(Tracked(), forKey: 2)
        cache.insert(Tracked(), forKey: 3)
        XCTAssertNil(first, "evicted and released")
        XCTAssertEqual(cache.keysOldestFirst, [2, 3])
    }

    /// 100,000 entries, then 50,000 more: each eviction is O(1), and the used half stays.
    func testAHundredThousandEntriesEvictInOrderOfUse() {
        let capacity = 100_000
        var cache = BoundedLRU<Int, Int>(maxCount: capacity)
        for number in 0..<capacity { cache.insert(number, forKey: number) }
        for number in stride(from: 0, to: capacity, by: 2) { _ = cache.use(number) { _ in } }
        for number in capacity..<(capacity + capacity / 2) { cache.insert(number, forKey: number) }
        XCTAssertEqual(cache.count, capacity)
        let held = (0..<capacity).filter { cache[$0] != nil }
        XCTAssertEqual(held.count, capacity / 2)
        XCTAssertTrue(held.allSatisfy { $0 % 2 == 0 }, "the unused half went first")
    }
}

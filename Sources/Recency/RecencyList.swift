/// Values by key in order of use, each lookup, use, insertion and eviction O(1): a doubly linked
/// list over array slots (indices, no allocation per node once the slots exist), and a dictionary
/// from key to slot. What the response cache's memory and the demo media cache evict by.
public struct RecencyList<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Slot: Sendable {
        var key: Key
        var value: Value
        /// Neighbours towards the newest and the oldest end; -1 at an end.
        var newer: Int
        var older: Int
        /// `moves` when it was last made the newest.
        var madeNewestAt: UInt64
    }

    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var slotOf: [Key: Int] = [:]
    private var newest = -1
    private var oldest = -1
    /// Entries made the newest so far (inserted or moved): the entries ahead of one are at most
    /// the moves since it was made the newest.
    private var moves: UInt64 = 0

    public init() {}

    public var count: Int { slotOf.count }

    /// Changes the value in place and makes it the newest; nil (and nothing moved) when absent.
    public mutating func use<T>(_ key: Key, _ body: (inout Value) -> T) -> T? {
        guard let slot = slotOf[key] else { return nil }
        moveToNewest(slot)
        return body(&slots[slot].value)
    }

    /// `use`, but an entry still among the `recent` newest (fewer than `recent` entries were made
    /// the newest since it was) stays where it is: a hot entry's use writes nothing of the order.
    /// An entry used is evicted only after `count - recent` others were made the newest since.
    public mutating func use<T>(_ key: Key, unlessAmongNewest recent: Int, _ body: (inout Value) -> T) -> T? {
        guard let slot = slotOf[key] else { return nil }
        if moves &- slots[slot].madeNewestAt >= UInt64(max(recent, 1)) { moveToNewest(slot) }
        return body(&slots[slot].value)
    }

    /// Sets the value for `key` (replacing any) as the newest.
    public mutating func insert(_ key: Key, _ value: Value) {
        if let slot = slotOf[key] {
            slots[slot].value = value
            moveToNewest(slot)
            return
        }
        moves &+= 1
        let fresh = Slot(key: key, value: value, newer: -1, older: newest, madeNewestAt: moves)
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[slot] = fresh
        } else {
            slot = slots.count
            slots.append(fresh)
        }
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
        slotOf[key] = slot
    }

    /// Removes and returns the least recently used entry.
    @discardableResult
    public mutating func removeOldest() -> (key: Key, value: Value)? {
        guard oldest >= 0 else { return nil }
        let slot = oldest
        let (key, value) = (slots[slot].key, slots[slot].value)
        unlink(slot)
        slotOf[key] = nil
        freeSlots.append(slot)
        return (key, value)
    }

    /// Keys from the oldest to the newest, for tests.
    public var keysOldestFirst: [Key] {
        var keys: [Key] = []
        var slot = oldest
        while slot >= 0 {
            keys.append(slots[slot].key)
            slot = slots[slot].newer
        }
        return keys
    }

    private mutating func moveToNewest(_ slot: Int) {
        guard slot != newest else { return }
        moves &+= 1
        slots[slot].madeNewestAt = moves
        unlink(slot)
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot].newer, slots[slot].older)
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }
}


/// Values by key in order of use, each lookup, use, insertion and eviction O(1): a doubly linked
/// list over array slots (indices, no allocation per node once the slots exist), and a dictionary
/// from key to slot. What the response cache's memory and the demo media cache evict by.
/// A use is inlinable, so that it is specialised where it is called (the memory cache holds its
/// lock while it runs): its state is `@usableFromInline`, never to be touched from outside.
public struct RecencyList<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline struct Slot: Sendable {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        /// Neighbours towards the newest and the oldest end; -1 at an end.
        @usableFromInline var newer: Int
        @usableFromInline var older: Int
        /// `moves` when it was last made the newest.
        @usableFromInline var madeNewestAt: UInt64
    }

    @usableFromInline var slots: [Slot] = []
    private var freeSlots: [Int] = []
    @usableFromInline var slotOf: [Key: Int] = [:]
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1
    /// Entries made the newest so far (inserted or moved): the entries ahead of one are at most
    /// the moves since it was made the newest.
    @usableFromInline var moves: UInt64 = 0

    package init() {}

    @inlinable public var count: Int { slotOf.count }

    /// Changes the value in place and makes it the newest; nil (and nothing moved) when absent.
    @inlinable
    public mutating func use<T>(_ key: Key, _ body: (inout Value) -> T) -> T? {
        guard let slot = slotOf[key] else { return nil }
        moveToNewest(slot)
        return body(&slots[slot].value)
    }

    /// `use`, but an entry still among the `recent` newest (fewer than `recent` entries were made
    /// the newest since it was) stays where it is: a hot entry's use writes nothing of the order.
    /// An entry used is evicted only after `count - recent` others were made the newest since.
    @inlinable
    public mutating func use<T>(_ key: Key, unlessAmongNewest recent: Int, _ body: (inout Value) -> T) -> T? {
        guard let slot = slotOf[key] else { return nil }
        if moves &- slots[slot].madeNewestAt >= UInt64(max(recent, 1)) { moveToNewest(slot) }
        return body(&slots[slot].value)
    }

    /// Sets the value for `key` (replacing any) as the newest.
    package mutating func insert(_ key: Key, _ value: Value) {
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
    package mutating func removeOldest() -> (key: Key, value: Value)? {
        guard oldest >= 0 else { return nil }
        let slot = oldest
        let (key, value) = (slots[slot].key, slots[slot].value)
        unlink(slot)
        slotOf[key] = nil
        freeSlots.append(slot)
        return (key, value)
    }

    /// Keys from the oldest to the newest, for tests.
    package var keysOldestFirst: [Key] {
        var keys: [Key] = []
        var slot = oldest
        while slot >= 0 {
            keys.append(slots[slot].key)
            slot = slots[slot].newer
        }
        return keys
    }

    @inlinable
    mutating func moveToNewest(_ slot: Int) {
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

    @inlinable
    mutating func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot].newer, slots[slot].older)
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }
}


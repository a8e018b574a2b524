/// A bounded LRU cache: values by key, at most `maxCount` of them and at most `maxBytes` in all
/// (the bytes each value is said to weigh when inserted), the least recently used evicted first.
/// Each lookup, use, insertion and eviction is O(1): a doubly linked list over array slots
/// (indices, no allocation per node once the slots exist; a removed slot is filled by the last,
/// so no slot holds a value no longer cached), and a dictionary from key to slot. The one cache
/// of the server's memory: answers (`MemoryCache`), written bodies (`RenderedBodies`), deck
/// sessions, installs' tokens, upstream identities, the favorites memories no call uses, demo pictures. Not thread-safe: each holder
/// wraps it in a `Mutex`.
/// Inlinable, so that it is specialised where it is used (the memory cache holds its lock while
/// it runs): its state is `@usableFromInline`, never to be touched from outside.
public struct BoundedLRU<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline struct Slot: Sendable {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        @usableFromInline var bytes: Int
        /// Neighbours towards the newest and the oldest end; -1 at an end.
        @usableFromInline var newer: Int
        @usableFromInline var older: Int
        /// `moves` when it was last made the newest.
        @usableFromInline var madeNewestAt: UInt64

        @inlinable
        init(key: Key, value: Value, bytes: Int, newer: Int, older: Int, madeNewestAt: UInt64) {
            (self.key, self.value, self.bytes) = (key, value, bytes)
            (self.newer, self.older, self.madeNewestAt) = (newer, older, madeNewestAt)
        }
    }

    /// Values held at most; 0 holds none.
    public let maxCount: Int
    /// Bytes held at most, as the values were weighed when inserted; `Int.max`: no bound.
    public let maxBytes: Int
    @usableFromInline var slots: [Slot] = []
    @usableFromInline var slotOf: [Key: Int] = [:]
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1
    @usableFromInline var heldBytes = 0
    /// Entries made the newest so far (inserted or moved): the entries ahead of one are at most
    /// the moves since it was made the newest.
    @usableFromInline var moves: UInt64 = 0

    @inlinable
    public init(maxCount: Int, maxBytes: Int = .max) {
        self.maxCount = max(0, maxCount)
        self.maxBytes = max(0, maxBytes)
    }

    @inlinable public var count: Int { slotOf.count }
    /// The bytes of the values held, as weighed when inserted.
    @inlinable public var bytes: Int { heldBytes }

    /// The value, without marking it used (a peek: the order does not change).
    @inlinable
    public subscript(key: Key) -> Value? {
        guard let slot = slotOf[key] else { return nil }
        return slots[slot].value
    }

    /// Changes the value in place and makes it the newest; nil (and nothing moved) when absent.
    @inlinable
    public mutating func use<T>(_ key: Key, _ body: (inout Value) throws -> T) rethrows -> T? {
        guard let slot = slotOf[key] else { return nil }
        moveToNewest(slot)
        return try body(&slots[slot].value)
    }

    /// `use`, but an entry still among the `recent` newest (fewer than `recent` entries were made
    /// the newest since it was) stays where it is: a hot entry's use writes nothing of the order.
    /// An entry used is evicted only after `count - recent` others were made the newest since.
    @inlinable
    public mutating func use<T>(_ key: Key, unlessAmongNewest recent: Int, _ body: (inout Value) throws -> T) rethrows -> T? {
        guard let slot = slotOf[key] else { return nil }
        if moves &- slots[slot].madeNewestAt >= UInt64(max(recent, 1)) { moveToNewest(slot) }
        return try body(&slots[slot].value)
    }

    /// Holds `value` for `key` (replacing any) as the newest, weighing `bytes`, then evicts the
    /// least recently used until within both bounds. A value past a bound on its own is not held
    /// (nor the key's old value, replaced by nothing): false.
    @inlinable
    @discardableResult
    public mutating func insert(_ value: Value, forKey key: Key, bytes: Int = 0) -> Bool {
        guard maxCount > 0, bytes <= maxBytes else {
            removeValue(forKey: key)
            return false
        }
        if let slot = slotOf[key] {
            heldBytes += bytes - slots[slot].bytes
            slots[slot].value = value
            slots[slot].bytes = bytes
            moveToNewest(slot)
        } else {
            moves &+= 1
            let slot = slots.count
            slots.append(Slot(key: key, value: value, bytes: bytes, newer: -1, older: newest, madeNewestAt: moves))
            if newest >= 0 { slots[newest].newer = slot }
            newest = slot
            if oldest < 0 { oldest = slot }
            slotOf[key] = slot
            heldBytes += bytes
        }
        // The newest stays: it fits both bounds on its own.
        while slotOf.count > maxCount || heldBytes > maxBytes {
            removeOldest()
        }
        return true
    }

    /// Removes and returns the least recently used entry.
    @inlinable
    @discardableResult
    public mutating func removeOldest() -> (key: Key, value: Value)? {
        guard oldest >= 0 else { return nil }
        return remove(slot: oldest)
    }

    /// Removes the key's value, returning it.
    @inlinable
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let slot = slotOf[key] else { return nil }
        return remove(slot: slot).value
    }

    /// Removes every entry `shouldRemove` picks, in one pass.
    @inlinable
    public mutating func removeAll(where shouldRemove: (Key, Value) throws -> Bool) rethrows {
        // From the end of the slots: a removed slot is filled by the last, already looked at.
        var slot = slots.count - 1
        while slot >= 0 {
            if try shouldRemove(slots[slot].key, slots[slot].value) { remove(slot: slot) }
            slot -= 1
        }
    }

    /// Keys from the oldest to the newest.
    package var keysOldestFirst: [Key] {
        var keys: [Key] = []
        var slot = oldest
        while slot >= 0 {
            keys.append(slots[slot].key)
            slot = slots[slot].newer
        }
        return keys
    }

    /// Unlinks `slot` and fills it with the last slot, so the slots stay dense: an evicted value
    /// is released now, not when its slot is reused.
    @inlinable
    @discardableResult
    mutating func remove(slot: Int) -> (key: Key, value: Value) {
        unlink(slot)
        let removed = slots[slot]
        slotOf[removed.key] = nil
        heldBytes -= removed.bytes
        let last = slots.count - 1
        if slot != last {
            let moved = slots[last]
            slots[slot] = moved
            if moved.newer >= 0 { slots[moved.newer].older = slot } else { newest = slot }
            if moved.older >= 0 { slots[moved.older].newer = slot } else { oldest = slot }
            slotOf[moved.key] = slot
        }
        slots.removeLast()
        return (removed.key, removed.value)
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

import Model
/// At most `capacity` values by key, in memory; past it, the first kept go first. For what is
/// cheap to read again (a token's hash, an upstream identity), so no use order is tracked.
struct KeptByKey<Key: Hashable, Value> {
    let capacity: Int
    private var values: [Key: Value] = [:]
    /// Keys in the order kept, oldest first; `head` is where the live part starts.
    private var order: [Key] = []
    private var head = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    subscript(key: Key) -> Value? { values[key] }

    var count: Int { values.count }

    mutating func keep(_ value: Value, for key: Key) {
        if values.updateValue(value, forKey: key) == nil { order.append(key) }
        while values.count > capacity, head < order.count {
            values[order[head]] = nil
            head += 1
        }
        compact()
    }

    mutating func remove(_ key: Key) {
        values[key] = nil
        compact()
    }

    /// Drops the keys no longer kept from `order` now and then, not on every change.
    private mutating func compact() {
        guard order.count > 2 * capacity || head > capacity else { return }
        order = order[head...].filter { values[$0] != nil }
        head = 0
    }
}

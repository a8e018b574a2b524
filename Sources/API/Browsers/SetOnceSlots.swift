import HTTPServer
import Primitives

/// Four set-once slots (`SetOnceReference`): the first four values made for what requests bring
/// (a `Host`, say), each stored for good in the first free slot and then read by every loop
/// without a lock. What a request sends past those four is never stored, so what is held stays
/// bounded whatever is sent.
final class SetOnceSlots<Value: AnyObject & Sendable>: Sendable {
    /// Set once each, in order; a slot taken is never changed. Four stored here, not an array of
    /// slot objects: reading them retains nothing that both loops share.
    private let slot0 = SetOnceReference<Value>()
    private let slot1 = SetOnceReference<Value>()
    private let slot2 = SetOnceReference<Value>()
    private let slot3 = SetOnceReference<Value>()
    private static var slotCount: Int { 4 }

    private func slot<Result>(_ index: Int, _ body: (borrowing SetOnceReference<Value>) -> Result) -> Result {
        switch index {
        case 0: body(slot0)
        case 1: body(slot1)
        case 2: body(slot2)
        default: body(slot3)
        }
    }

    /// Whether a stored value matches, asked of each stored value lent without a retain (every
    /// request asks; a retain of a stored value wrote its reference count from both loops' cores).
    func contains(where matches: (Value) -> Bool) -> Bool {
        for index in 0..<Self.slotCount {
            let found: Bool? = slot(index) { slot in slot.withLoaded { stored in stored.map(matches) } }
            // An empty slot: none are stored after it.
            guard let found else { return false }
            if found { return true }
        }
        return false
    }

    /// The stored value `matches` picks, else `make()`'s, stored in the first free slot; nil when
    /// none is free. Two requests may store a value in the same slot at once: the first stored
    /// stays, and the other goes on to the next slot unless the first is one it matches.
    func storeIfAbsent(matching matches: (Value) -> Bool, make: () -> Value) -> Value? {
        for index in 0..<Self.slotCount {
            let found: Value? = slot(index) { slot in
                if let stored = slot.load() { return matches(stored) ? stored : nil }
                let stored = slot.storeIfNil(make())
                return matches(stored) ? stored : nil
            }
            if let found { return found }
        }
        return nil
    }

    /// How many values are stored (at most four).
    var count: Int { (0..<Self.slotCount).count { index in slot(index) { $0.load() != nil } } }
}

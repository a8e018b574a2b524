import HTTPServer

/// The first four values made for what requests bring (a `Host`, say), each kept for good in the
/// first free slot and then read by every loop without a lock. What a request sends past those
/// four is never kept, so what is kept stays bounded whatever is sent.
final class FirstKept<Value: AnyObject & Sendable>: Sendable {
    /// Set once each, in order; a slot taken is never changed. Four stored here, not an array of
    /// slot objects: reading them retains nothing that both loops share.
    private let slot0 = OnceReference<Value>()
    private let slot1 = OnceReference<Value>()
    private let slot2 = OnceReference<Value>()
    private let slot3 = OnceReference<Value>()
    private static var slotCount: Int { 4 }

    private func slot<Result>(_ index: Int, _ body: (borrowing OnceReference<Value>) -> Result) -> Result {
        switch index {
        case 0: body(slot0)
        case 1: body(slot1)
        case 2: body(slot2)
        default: body(slot3)
        }
    }

    /// Whether a kept value matches, asked of each kept value lent without a retain (every
    /// request asks; a retain of a kept value wrote its reference count from both loops' cores).
    func contains(where matches: (Value) -> Bool) -> Bool {
        for index in 0..<Self.slotCount {
            let found: Bool? = slot(index) { slot in slot.withLoaded { kept in kept.map(matches) } }
            // An empty slot: none are kept after it.
            guard let found else { return false }
            if found { return true }
        }
        return false
    }

    /// The kept value `matches` picks, else `make()`'s, kept in the first free slot; nil when none
    /// is free. Two requests may keep a value in the same slot at once: the first stored stays, and
    /// the other goes on to the next slot unless the first is one it matches.
    func keep(matching matches: (Value) -> Bool, make: () -> Value) -> Value? {
        for index in 0..<Self.slotCount {
            let kept: Value? = slot(index) { slot in
                if let kept = slot.load() { return matches(kept) ? kept : nil }
                let kept = slot.storeIfNil(make())
                return matches(kept) ? kept : nil
            }
            if let kept { return kept }
        }
        return nil
    }

    /// How many values are kept (at most four).
    var count: Int { (0..<Self.slotCount).count { index in slot(index) { $0.load() != nil } } }
}

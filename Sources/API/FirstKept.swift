import HTTPServer

/// The first four values made for what requests bring (a `Host`, say), each kept for good in the
/// first free slot and then read by every loop without a lock. What a request sends past those
/// four is never kept, so what is kept stays bounded whatever is sent.
final class FirstKept<Value: AnyObject & Sendable>: Sendable {
    /// Set once; a slot taken is never changed.
    private final class Slot: Sendable {
        let value = OnceReference<Value>()
    }

    private let slots = (0..<4).map { _ in Slot() }

    /// The kept value `matches` picks, if one is kept.
    func first(where matches: (Value) -> Bool) -> Value? {
        for slot in slots {
            guard let kept = slot.value.load() else { return nil }
            if matches(kept) { return kept }
        }
        return nil
    }

    /// The kept value `matches` picks, else `make()`'s, kept in the first free slot; nil when none
    /// is free. Two requests may keep a value in the same slot at once: the first stored stays, and
    /// the other goes on to the next slot unless the first is one it matches.
    func keep(matching matches: (Value) -> Bool, make: () -> Value) -> Value? {
        for slot in slots {
            if let kept = slot.value.load() {
                if matches(kept) { return kept }
                continue
            }
            let kept = slot.value.storeIfNil(make())
            if matches(kept) { return kept }
        }
        return nil
    }

    /// How many values are kept (at most four).
    var count: Int { slots.count { $0.value.load() != nil } }
}

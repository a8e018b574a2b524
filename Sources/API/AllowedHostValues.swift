import HTTPServer

/// The first four `Host` values a request was allowed with, exactly as sent: nearly every request
/// sends one of them, and is let through with a comparison of strings instead of the value split
/// at its port, a name made and checked, and a set looked up (1.5% of a cached page's CPU
/// samples). Only values already allowed are kept, and never more than four: a value past them is
/// checked in full, as before, whatever is sent.
final class AllowedHostValues: Sendable {
    private final class Value: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// Set once each, in order; a slot taken is never changed.
    private final class Slot: Sendable {
        let value = OnceReference<Value>()
    }

    private let slots = (0..<4).map { _ in Slot() }

    /// How many values are kept (at most four).
    var count: Int { slots.count { $0.value.load() != nil } }

    func contains(_ text: String) -> Bool {
        for slot in slots {
            guard let kept = slot.value.load() else { return false }
            if kept.text == text { return true }
        }
        return false
    }

    /// Keeps `text` (a value just allowed) in the first free slot, unless kept already or none is free.
    func keep(_ text: String) {
        for slot in slots {
            if let kept = slot.value.load() {
                if kept.text == text { return }
                continue
            }
            // Two requests may keep a value in the same slot at once: the first stored stays, and
            // the other goes on to the next slot unless it is the same value.
            if slot.value.storeIfNil(Value(text)).text == text { return }
        }
    }
}

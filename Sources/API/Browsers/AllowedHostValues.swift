/// The first four `Host` values a request was allowed with, exactly as sent: nearly every request
/// sends one of them, and is let through with a comparison of strings instead of the value split
/// at its port, a name made and checked, and a set looked up (1.5% of a cached page's CPU
/// samples). Only values already allowed are stored (`SetOnceSlots`: four at most); a value past them
/// is checked in full, as before, whatever is sent.
final class AllowedHostValues: Sendable {
    private final class Value: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private let values = SetOnceSlots<Value>()

    /// How many values are stored (at most four).
    var count: Int { values.count }

    func contains(_ text: String) -> Bool {
        values.contains { $0.text == text }
    }

    /// Stores `text`, a value just allowed, unless it is stored already or four are.
    func keep(_ text: String) {
        _ = values.storeIfAbsent(matching: { $0.text == text }, make: { Value(text) })
    }
}

import Foundation

/// The last answer of each GET with its `ETag`, so the next identical GET sends `If-None-Match`
/// and a 304 reuses the answer held here instead of downloading it again. In memory only;
/// `GifBFF` keeps one unless given nil. Keys name the call, not the install: gif-bff's tags hash
/// the bytes, so after the install token changes a 304 still means the held answer is the one.
public actor ETagCache {
    private struct Entry {
        let tag: String
        let value: any Sendable
    }

    private var entries: [String: Entry] = [:]
    /// Answers served from here after a 304, for tests and for showing the saving.
    public private(set) var reusedCount = 0

    public init() {}

    func tag(for key: String) -> String? { entries[key]?.tag }

    func store(_ value: some Sendable, tag: String, for key: String) {
        entries[key] = Entry(tag: tag, value: value)
    }

    /// The held answer after a 304; nil when there is none of that type (then ask again without a tag).
    func reuse<Value: Sendable>(_ type: Value.Type, for key: String) -> Value? {
        guard let value = entries[key]?.value as? Value else { return nil }
        reusedCount += 1
        return value
    }

    public func removeAll() { entries = [:] }
}

/// What one GET gave: a body with its tag, or "not modified".
enum Revalidated<Value: Sendable>: Sendable {
    case fresh(Value, tag: String?)
    case notModified
}

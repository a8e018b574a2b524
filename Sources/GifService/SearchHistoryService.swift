import Foundation

/// The search history rules: queries are trimmed and their inner whitespace collapsed,
/// blank ones are ignored, letter case does not make a new entry, the newest `limit` are kept.
public struct SearchHistoryService: Sendable {
    public static let defaultLimit = 5

    public let limit: Int
    private let store: any SearchHistoryStore
    private let now: @Sendable () -> Date

    public init(store: any SearchHistoryStore, limit: Int = defaultLimit, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.limit = limit
        self.now = now
    }

    /// Records `query` as the newest search. Returns the text recorded, nil for a blank query.
    @discardableResult
    public func record(_ query: String) async throws -> String? {
        guard let normalized = Self.normalize(query) else { return nil }
        try await store.record(normalized, at: now(), keepingNewest: limit)
        return normalized
    }

    /// Newest first. A non-blank `contains` keeps the queries containing it, ignoring case.
    public func list(contains fragment: String? = nil) async throws -> [SearchHistoryEntry] {
        try await store.list(containing: fragment.flatMap(Self.normalize))
    }

    public func clear() async throws {
        try await store.clear()
    }

    /// "  the   Score " -> "the Score"; nil when nothing but whitespace is left.
    public static func normalize(_ query: String) -> String? {
        let words = query.split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}

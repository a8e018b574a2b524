/// One search to offer while the user types, and where it came from.
public struct Suggestion: Equatable, Sendable {
    public enum Source: String, Sendable {
        /// A search this install made before.
        case history
        /// The upstream's autocomplete.
        case giphy
    }

    public let query: String
    public let source: Source

    public init(query: String, source: Source) {
        self.query = query
        self.source = source
    }
}

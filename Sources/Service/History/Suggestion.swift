import Model
/// One search to offer while the user types, and where it came from.
public struct Suggestion: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// A search this install made before.
        case history
        /// The autocomplete of the provider named.
        case upstream(ProviderName)

        /// As answers write it: "history", or the provider's name ("giphy").
        public var text: String {
            switch self {
            case .history: "history"
            case .upstream(let provider): provider.rawValue
            }
        }
    }

    public let query: String
    public let source: Source

    public init(query: String, source: Source) {
        self.query = query
        self.source = source
    }
}

import Model
/// One search to offer while the user types, and where it came from.
package struct Suggestion: Equatable, Sendable {
    package enum Source: Equatable, Sendable {
        /// A search this install made before.
        case history
        /// The autocomplete of the provider named.
        case upstream(ProviderName)

        /// As answers write it: "history", or the provider's name ("giphy").
        package var text: String {
            switch self {
            case .history: "history"
            case .upstream(let provider): provider.rawValue
            }
        }
    }

    package let query: String
    package let source: Source

    package init(query: String, source: Source) {
        self.query = query
        self.source = source
    }
}

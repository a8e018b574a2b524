import ASCII
/// Words to match (a search query or a tag): trimmed, never blank.
public struct SearchWords: Sendable, Hashable {
    /// Counted as sent, in Unicode scalars (what JSON Schema's maxLength counts), so the limit
    /// means the same to every client.
    public static let maxLength = 50

    public let text: String

    public enum Rejection: Error, Equatable, Sendable {
        case tooLong
    }

    /// Nil for blank text (nothing to match); too long is an error.
    public static func parse(_ text: String) throws(Rejection) -> SearchWords? {
        guard text.unicodeScalars.count <= maxLength else { throw .tooLong }
        return WhiteSpace.trimmed(text).map(SearchWords.init(text:))
    }

    private init(text: String) { self.text = text }
}

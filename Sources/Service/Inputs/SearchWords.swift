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
        let scalars = text.unicodeScalars
        guard scalars.count <= maxLength else { throw .tooLong }
        // White_Space is the set Foundation's .whitespacesAndNewlines holds (Z*, U+0009-000D, U+0085),
        // read without Foundation: every search passes here.
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return nil }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex {
            return SearchWords(text: text)
        }
        return SearchWords(text: String(scalars[first...last]))
    }

    private init(text: String) { self.text = text }
}

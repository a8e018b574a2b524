import ASCII
/// Words to match (a search query or a tag): trimmed, never blank, without control characters.
public struct SearchWords: Sendable, Hashable {
    /// Counted as sent, in Unicode scalars (what JSON Schema's maxLength counts), so the limit
    /// means the same to every client.
    public static let maxLength = 50

    public let text: String

    public enum Rejection: Error, Equatable, Sendable {
        case tooLong
        /// Tab and line breaks too: a search box sends none, and a stored one would be offered back
        /// (history, suggestions) to every screen.
        case controlCharacter
    }

    /// Nil for blank text (nothing to match); too long, or a control character, is an error.
    public static func parse(_ text: String) throws(Rejection) -> SearchWords? {
        guard text.unicodeScalars.count <= maxLength else { throw .tooLong }
        guard !ControlCharacters.present(in: text) else { throw .controlCharacter }
        return WhiteSpace.trimmed(text).map(SearchWords.init(text:))
    }

    private init(text: String) { self.text = text }
}

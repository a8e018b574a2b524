import ASCII
/// Words to match (a search query or a tag): trimmed, never blank or invisible, without control
/// characters. What is kept is sent upstream as typed (GIPHY's terms: a query is not altered).
package struct SearchWords: Sendable, Hashable {
    /// Counted as sent, in Unicode scalars (what JSON Schema's maxLength counts), so the limit
    /// means the same to every client.
    package static let maxLength = 50

    package let text: String

    package enum Rejection: Error, Equatable, Sendable {
        case tooLong
        /// Tab and line breaks too: a search box sends none, and a stored one would be offered back
        /// (history, suggestions) to every screen.
        case controlCharacter
    }

    /// Nil for text with nothing visible in it (nothing to match: blank, or only invisible
    /// characters such as a zero-width space, `InvisibleText`), as for no text at all; too long,
    /// or a control character, is an error. Otherwise the text as sent, White_Space trimmed at
    /// its ends only (an invisible character beside a visible one stays).
    package static func parse(_ text: String) throws(Rejection) -> SearchWords? {
        guard text.unicodeScalars.count <= maxLength else { throw .tooLong }
        guard !ControlCharacters.present(in: text) else { throw .controlCharacter }
        guard !InvisibleText.isInvisible(text) else { return nil }
        return WhiteSpace.trimmed(text).map(SearchWords.init(text:))
    }

    private init(text: String) { self.text = text }
}

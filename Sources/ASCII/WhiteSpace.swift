/// Blank text and its trimming, by Unicode's White_Space (U+0009-000D, U+0020, U+0085, U+00A0,
/// the Z* spaces: the set Foundation's `.whitespacesAndNewlines` holds), read without Foundation:
/// Foundation's `trimmingCharacters(in:)` goes through NSString on Linux, and every upstream
/// field, search and share text passes here. Scalars, not Characters, so a combining mark after
/// a space is kept as Foundation kept it.
package enum WhiteSpace {
    /// `text` without White_Space at either end; nil when nothing else is left.
    package static func trimmed(_ text: String) -> String? {
        // Nearly every value starts and ends with a visible ASCII character: no scalar is read then.
        if let first = text.utf8.first, let last = text.utf8.last, isVisibleASCII(first), isVisibleASCII(last) { return text }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return nil }
        if start == scalars.startIndex && scalars.index(after: end) == scalars.endIndex { return text }
        return String(scalars[start...end])
    }

    /// True when `text` is empty or White_Space only.
    package static func isBlank(_ text: String) -> Bool { trimmed(text) == nil }

    /// ASCII from `!` to `~`: never White_Space.
    private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}

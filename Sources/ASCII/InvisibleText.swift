/// Text with nothing a reader can see: every scalar is Unicode's White_Space or
/// Default_Ignorable_Code_Point, as Swift's `Unicode.Scalar.Properties` reads them
/// (`isWhitespace`, `isDefaultIgnorableCodePoint`). The second holds the zero-width space, joiners
/// and non-joiners (U+200B-U+200D), bidi marks, the word joiner and invisible operators
/// (U+2060-U+206F), the byte order mark (U+FEFF), the soft hyphen, the combining grapheme joiner,
/// the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), variation selectors and tags. A search box
/// that sends only these sent nothing to look for.
package enum InvisibleText {
    /// True when `text` is empty or holds no visible scalar. Reads scalars only when no byte is
    /// visible ASCII (nearly every query has one, and then it is visible).
    package static func isInvisible(_ text: String) -> Bool {
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }
    }
}

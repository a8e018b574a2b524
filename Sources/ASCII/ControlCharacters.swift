/// Control characters: C0 (U+0000-U+001F, tab and line breaks included), DEL (U+007F) and C1
/// (U+0080-U+009F). No text a client types holds one; in stored text (a search history) they
/// would reach every screen that shows it.
package enum ControlCharacters {
    /// True when `text` holds at least one. Reads bytes: a C1 control is 0xC2 0x80-0x9F in UTF-8,
    /// and a 0xC2 lead byte stands for U+0080-U+00BF only.
    package static func present(in text: String) -> Bool {
        var afterC2 = false
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (afterC2 && byte < 0xA0) { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }

    /// What a refusal says is not allowed.
    package static let described = "control characters (U+0000-U+001F, tab and line breaks included, U+007F-U+009F)"
}

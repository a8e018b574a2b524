/// A two-letter language code such as "en", lowercased.
package struct LanguageCode: Sendable, Hashable {
    package let rawValue: String

    /// Any letter case; nil unless exactly two ASCII letters.
    package init?(_ text: String) {
        let lowered = text.lowercased()
        guard lowered.unicodeScalars.count == 2, lowered.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else { return nil }
        rawValue = lowered
    }
}

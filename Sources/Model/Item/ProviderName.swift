/// Which upstream an item comes from ("giphy", "unsplash"). A name, not an enum: the service
/// knows no provider by heart, so adding one touches no rule and no route.
package struct ProviderName: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let rawValue: String

    /// Lowercase ASCII letters and digits, 1 to 32 of them: it is also an id prefix and a metric label.
    package init?(_ text: String) {
        guard (1...32).contains(text.utf8.count),
              text.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        rawValue = text
    }

    /// For a provider's own folder, naming itself with a literal known to be valid.
    package init(known: String) { rawValue = known }

    /// The one provider the service names: its ids carry no prefix (`ItemID`), since gif-bff
    /// served GIPHY alone before it served others. Every other provider names itself in its folder.
    package static let giphy = ProviderName(known: "giphy")

    package var description: String { rawValue }
    package static func < (lhs: ProviderName, rhs: ProviderName) -> Bool { lhs.rawValue < rhs.rawValue }
}

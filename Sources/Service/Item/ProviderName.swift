/// Which upstream an item comes from ("giphy", "unsplash"). A name, not an enum: the service
/// knows no provider by heart, so adding one touches no rule and no route.
public struct ProviderName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// Lowercase ASCII letters and digits, 1 to 32 of them: it is also an id prefix and a metric label.
    public init?(_ text: String) {
        guard (1...32).contains(text.utf8.count),
              text.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        rawValue = text
    }

    private init(known: String) { rawValue = known }

    public static let giphy = ProviderName(known: "giphy")
    public static let unsplash = ProviderName(known: "unsplash")

    public var description: String { rawValue }
    public static func < (lhs: ProviderName, rhs: ProviderName) -> Bool { lhs.rawValue < rhs.rawValue }
}

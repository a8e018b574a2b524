/// A GIPHY content rating, the upper bound of what a page may show.
public struct Rating: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    private init(known rawValue: String) { self.rawValue = rawValue }

    public static let g = Rating(known: "g")
    public static let pg = Rating(known: "pg")
    public static let pg13 = Rating(known: "pg-13")
    public static let r = Rating(known: "r")
    /// Every rating, mildest first.
    public static let all: [Rating] = [.g, .pg, .pg13, .r]
    /// What a request that names none gets, unless configured otherwise.
    public static let `default` = Rating.g

    /// Any letter case; nil for anything but the four ratings.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        guard let known = Self.all.first(where: { $0.rawValue == lowered }) else { return nil }
        self = known
    }

    public var description: String { rawValue }

    /// Milder first, in the order of `all`.
    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int { Self.all.firstIndex(of: self) ?? Self.all.count }
}

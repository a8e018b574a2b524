/// A GIPHY content rating, the upper bound of what a page may show.
package struct Rating: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let rawValue: String

    private init(known rawValue: String) { self.rawValue = rawValue }

    package static let g = Rating(known: "g")
    package static let pg = Rating(known: "pg")
    package static let pg13 = Rating(known: "pg-13")
    package static let r = Rating(known: "r")
    /// Every rating, mildest first.
    package static let all: [Rating] = [.g, .pg, .pg13, .r]
    /// What a request that names none gets, unless configured otherwise.
    package static let `default` = Rating.g

    /// Any letter case; nil for anything but the four ratings.
    package init?(_ text: String) {
        let lowered = text.lowercased()
        guard let known = Self.all.first(where: { $0.rawValue == lowered }) else { return nil }
        self = known
    }

    package var description: String { rawValue }

    /// Milder first, in the order of `all`.
    package static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int { Self.all.firstIndex(of: self) ?? Self.all.count }
}

/// GIPHY's `rating` parameter: the most mature rating allowed (`pg` allows g and pg).
package enum RatingFilter: Sendable, Equatable {
    case all
    case upTo(level: Int)

    static let levels = ["g", "pg", "pg-13", "r"]

    /// nil for a value GIPHY does not know; "y" (young) allows g only.
    package init?(parameter: String?) {
        guard let value = parameter?.lowercased(), !value.isEmpty else {
            self = .all
            return
        }
        if value == "y" {
            self = .upTo(level: 0)
        } else if let level = Self.levels.firstIndex(of: value) {
            self = .upTo(level: level)
        } else {
            return nil
        }
    }

    /// The filter `parameter` asks for, or GIPHY's 400 for a value it does not know.
    package static func checked(_ parameter: String?) throws(GIFRefusal) -> RatingFilter {
        guard let filter = RatingFilter(parameter: parameter) else { throw .badParameter("rating") }
        return filter
    }

    package func allows(_ rating: String) -> Bool {
        switch self {
        case .all: true
        case .upTo(let level): (Self.levels.firstIndex(of: rating) ?? Self.levels.count) <= level
        }
    }
}

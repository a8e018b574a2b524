/// One demo provider's pictures: what a media path of its names (`/media/PROVIDER/KEY/NAME`,
/// with the query) shows, checked against its catalog before anything is drawn.
package protocol DemoMediaCatalog: Sendable {
    func picture(key: String, name: String, query: [String: String]) throws(DemoMediaError) -> DemoPicture
}

/// Why a media path gives no picture; the API answers 404, 400 or 503 with the detail.
package enum DemoMediaError: Error, Equatable, Sendable {
    /// No such item, rendition or user in the demo catalog, or a provider not in demo mode.
    case notFound(String)
    /// A parameter out of its bounds: its name and what it must be.
    case invalid(parameter: String, rule: String)
    /// Too many pictures wait to be drawn: asked again after this many seconds, it may be drawn.
    case busy(retryAfterSeconds: Int)
}

/// The size parameters a media path may carry, checked the same for every provider and picture
/// (openapi.yaml states them once for the route): a value out of bounds is refused even where the
/// picture does not use it.
package enum DemoMediaSize {
    package static let widthRange = 1...8000
    package static let heightRange = 1...512

    static func check(_ query: [String: String]) throws(DemoMediaError) {
        _ = try DemoMediaError.number("w", in: query, range: widthRange)
        _ = try DemoMediaError.number("h", in: query, range: heightRange)
    }
}

extension DemoMediaError {
    /// A query value that must be a whole number in `range` when present; nil when absent.
    package static func number(_ name: String, in query: [String: String], range: ClosedRange<Int>) throws(DemoMediaError) -> Int? {
        guard let text = query[name] else { return nil }
        guard text.utf8.count <= 6, let value = Int(text), range.contains(value) else {
            throw .invalid(parameter: name, rule: "must be an integer from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }
}

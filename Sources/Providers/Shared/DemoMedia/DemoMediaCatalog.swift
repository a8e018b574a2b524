/// One demo provider's pictures: what a media path of its names (`/media/PROVIDER/KEY/NAME`,
/// with the query) shows, checked against its catalog before anything is drawn.
public protocol DemoMediaCatalog: Sendable {
    func picture(key: String, name: String, query: [String: String]) throws(DemoMediaError) -> DemoPicture
}

/// Why a media path gives no picture; the API answers 404 or 400 with the detail.
public enum DemoMediaError: Error, Equatable, Sendable {
    /// No such item, rendition or user in the demo catalog, or a provider not in demo mode.
    case notFound(String)
    /// A parameter out of its bounds: its name and what it must be.
    case invalid(parameter: String, rule: String)
}

extension DemoMediaError {
    /// A query value that must be a whole number in `range` when present; nil when absent.
    public static func number(_ name: String, in query: [String: String], range: ClosedRange<Int>) throws(DemoMediaError) -> Int? {
        guard let text = query[name] else { return nil }
        guard text.utf8.count <= 6, let value = Int(text), range.contains(value) else {
            throw .invalid(parameter: name, rule: "must be an integer from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }
}

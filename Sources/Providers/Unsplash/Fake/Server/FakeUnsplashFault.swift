import FakeUpstream
import JSON

/// A failure a test can make the fake Unsplash produce. Transport faults (a reset, a short or
/// huge body) come from `FakeUnsplash.startRawUpstream(_:)`, as for the fake GIPHY.
package enum FakeUnsplashFault: InjectableFault, Equatable {
    /// Waits, then answers normally.
    case delay(milliseconds: Int)
    /// Any status with Unsplash's error body, `{"errors": [...]}`.
    case status(Int, errors: [String])
    /// What real clients see over the limit: 403 with the plain-text body "Rate Limit Exceeded".
    case rateLimited
    /// The documented answer over the limit: 429 with an `errors` body.
    case tooManyRequests
    /// 200 with an HTML page instead of JSON.
    case notJSON
    /// 200 with the first half of a real search body.
    case truncatedJSON
    /// Anything else a test needs, exactly as given.
    case response(status: Int, contentType: String, body: String, headers: [String: String] = [:])

    package var delayMilliseconds: Int? {
        if case .delay(let milliseconds) = self { return milliseconds }
        return nil
    }

    /// The admin route's names: delay ("delay_ms"), status ("status", "errors"), rate_limited,
    /// too_many_requests, not_json, truncated_json.
    static func fromAdminBody(_ object: JSONObject) throws(JSONShapeError) -> FakeUnsplashFault? {
        switch try object.optionalString("fault") {
        case "delay": return try object.optionalInt("delay_ms", in: Int.min...Int.max).map { .delay(milliseconds: $0) }
        case "status":
            return .status(try object.int("status", in: 100...599), errors: try errors(object) ?? ["Something went wrong"])
        case "rate_limited": return .rateLimited
        case "too_many_requests": return .tooManyRequests
        case "not_json": return .notJSON
        case "truncated_json": return .truncatedJSON
        default: return nil
        }
    }

    /// "errors", a list of strings; nil when absent.
    private static func errors(_ object: JSONObject) throws(JSONShapeError) -> [String]? {
        guard let list = object.optional("errors") else { return nil }
        let messages = list.elements.compactMap(\.string)
        guard list.isArray, messages.count == list.elements.count else { throw JSONShapeError("errors is not a list of strings") }
        return messages
    }
}

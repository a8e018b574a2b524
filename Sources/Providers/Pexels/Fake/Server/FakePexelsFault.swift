import FakeUpstream
import JSON

/// A failure a test can make the fake Pexels produce. Transport faults (a reset, a short or huge
/// body) come from `FakePexels.startRawUpstream(_:)`; "down" is a base URL where nothing listens
/// (`FakePexels.refusingBaseURL()`).
package enum FakePexelsFault: InjectableFault, Equatable {
    /// Waits, then answers normally (slow).
    case delay(milliseconds: Int)
    /// Any status with Pexels' error body, `{"error": "..."}`.
    case status(Int, error: String)
    /// Over the hourly limit: 429, without the rate-limit headers (Pexels sends those on 2xx only).
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

    /// The admin route's names: delay ("delay_ms"), status ("status", "error"), unauthorized (401),
    /// forbidden (403), too_many_requests (429), server_error (500), not_json, truncated_json.
    static func fromAdminBody(_ object: JSONObject) throws(JSONShapeError) -> FakePexelsFault? {
        switch try object.optionalString("fault") {
        case "delay": return try object.optionalInt("delay_ms", in: Int.min...Int.max).map { .delay(milliseconds: $0) }
        case "status": return .status(try object.int("status", in: 100...599), error: try object.optionalString("error") ?? "Something went wrong")
        case "unauthorized": return .status(401, error: FakePexels.unauthorizedMessage)
        case "forbidden": return .status(403, error: "Access to this API has been disallowed")
        case "too_many_requests": return .tooManyRequests
        case "server_error": return .status(500, error: "Internal Server Error")
        case "not_json": return .notJSON
        case "truncated_json": return .truncatedJSON
        default: return nil
        }
    }
}

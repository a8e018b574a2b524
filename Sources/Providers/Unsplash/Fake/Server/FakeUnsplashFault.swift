import FakeUpstream

/// A failure a test can make the fake Unsplash produce. Transport faults (a reset, a short or
/// huge body) come from `FakeUnsplash.startRawUpstream(_:)`, as for the fake GIPHY.
public enum FakeUnsplashFault: InjectableFault, Equatable {
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

    public var delayMilliseconds: Int? {
        if case .delay(let milliseconds) = self { return milliseconds }
        return nil
    }

    /// The admin route's names: delay ("delay_ms"), status ("status", "errors"), rate_limited,
    /// too_many_requests, not_json, truncated_json.
    static func fromAdminBody(_ object: [String: Any]) -> FakeUnsplashFault? {
        switch object["fault"] as? String {
        case "delay": return (object["delay_ms"] as? Int).map { .delay(milliseconds: $0) }
        case "status":
            guard let status = object["status"] as? Int, (100...599).contains(status) else { return nil }
            return .status(status, errors: (object["errors"] as? [String]) ?? ["Something went wrong"])
        case "rate_limited": return .rateLimited
        case "too_many_requests": return .tooManyRequests
        case "not_json": return .notJSON
        case "truncated_json": return .truncatedJSON
        default: return nil
        }
    }
}

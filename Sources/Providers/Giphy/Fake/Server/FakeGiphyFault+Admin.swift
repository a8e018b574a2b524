import FakeUpstream
import JSON

/// The admin route's names for GIPHY's faults: delay (with "delay_ms"), rate_limited,
/// unauthorized, forbidden, server_error, service_unavailable, not_json, truncated_json,
/// synthetic. "body" is "message" or "meta"; "retry_after" goes with rate_limited.
extension FakeGiphyFault {
    static func fromAdminBody(_ object: JSONObject) throws(JSONShapeError) -> FakeGiphyFault? {
        let shape = try object.optionalString("body").flatMap(FakeGiphyFault.ErrorBodyShape.init(rawValue:)) ?? .message
        switch try object.optionalString("fault") {
        case "delay": return try object.optionalInt("delay_ms", in: Int.min...Int.max).map { .delay(milliseconds: $0) }
        case "rate_limited": return .rateLimited(body: shape, retryAfter: try object.optionalInt("retry_after", in: Int.min...Int.max))
        case "unauthorized": return .unauthorized(body: shape)
        case "forbidden": return .forbidden(body: shape)
        case "server_error": return .serverError
        case "service_unavailable": return .serviceUnavailable
        case "not_json": return .notJSON
        case "truncated_json": return .truncatedJSON
        case "synthetic": return .synthetic
        default: return nil
        }
    }
}

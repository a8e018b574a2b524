import FakeUpstream
import JSON

/// A failure a test can make the fake KLIPY produce. Transport faults (a reset, a short or huge
/// body) come from `FakeKlipy.startRawUpstream(_:)`, as for the other fakes.
package enum FakeKlipyFault: InjectableFault, Equatable {
    /// Waits, then answers normally.
    case delay(milliseconds: Int)
    /// Any status with KLIPY's error body, `{"result": false, "message": ...}`.
    case status(Int, message: String)
    /// 429 with KLIPY's rate-limit headers, as over a test key's 100 calls a minute.
    case tooManyRequests
    /// 200 whose body says `"result": false`.
    case resultFalse
    /// 200 with an HTML page instead of JSON.
    case notJSON
    /// 200 with the first half of a real search body.
    case truncatedJSON

    package var delayMilliseconds: Int? {
        if case .delay(let milliseconds) = self { return milliseconds }
        return nil
    }

    /// The admin route's names: delay ("delay_ms"), status ("status", "message"), too_many_requests,
    /// result_false, not_json, truncated_json.
    static func fromAdminBody(_ object: JSONObject) throws(JSONShapeError) -> FakeKlipyFault? {
        switch try object.optionalString("fault") {
        case "delay": return try object.optionalInt("delay_ms", in: Int.min...Int.max).map { .delay(milliseconds: $0) }
        case "status": return .status(try object.int("status", in: 100...599), message: try object.optionalString("message") ?? "Server Error")
        case "too_many_requests": return .tooManyRequests
        case "result_false": return .resultFalse
        case "not_json": return .notJSON
        case "truncated_json": return .truncatedJSON
        default: return nil
        }
    }
}

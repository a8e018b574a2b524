import FakeUpstream

/// A failure a test can make the fake GIPHY produce, as the real service does now and then.
/// Transport faults (a reset, a silent close, a short or huge body) cannot be produced on the
/// fake's own port: `FakeGiphy.startRawUpstream(_:)` gives a port that acts them out instead.
package enum FakeGiphyFault: InjectableFault, Equatable {
    /// Waits, then answers normally.
    case delay(milliseconds: Int)
    /// 429 with `{"message":"API rate limit exceeded"}` or the meta body, and Retry-After if given.
    case rateLimited(body: ErrorBodyShape, retryAfter: Int?)
    /// 401 with `{"message":"Invalid authentication credentials"}` or the meta body.
    case unauthorized(body: ErrorBodyShape)
    /// 403 with `{"meta":{"status":403,"msg":"Forbidden"}}` or `{"message":...}`.
    case forbidden(body: ErrorBodyShape)
    /// 500 with a meta body.
    case serverError
    /// 503 with an HTML page, as a load balancer sends it.
    case serviceUnavailable
    /// 200 with an HTML page instead of JSON.
    case notJSON
    /// 200 with the first half of a real search body.
    case truncatedJSON
    /// 200 with an empty `response_id` and empty `data`: GIPHY's back end failed.
    case synthetic
    /// Anything else a test needs, exactly as given.
    case response(status: Int, contentType: String, body: String, headers: [String: String] = [:])

    /// GIPHY's two error body shapes: the gateway's `{"message": ...}` and the API's meta envelope.
    package enum ErrorBodyShape: String, Sendable, Equatable {
        case message
        case meta
    }
}

extension FakeGiphyFault {
    package var delayMilliseconds: Int? {
        if case .delay(let milliseconds) = self { return milliseconds }
        return nil
    }
}

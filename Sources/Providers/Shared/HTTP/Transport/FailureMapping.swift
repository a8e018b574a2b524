import ASCII
import Foundation
import Model

/// Maps what went wrong in a call to the one `UpstreamError` row it belongs to.
/// Reasons are written here from codes we choose, never copied from a system error's
/// description: those can hold the request URL, and the URL holds the key.
package enum FailureMapping {
    /// The answer for a status other than 2xx.
    package static func error(status: Int, retryAfter: String?, endpoint: some UpstreamEndpoint, now: Date = Date()) -> UpstreamError {
        switch status {
        case 404 where endpoint.notFoundMeansUnknownItem: .notFound
        case 429: .rateLimited(retryAfter: retryAfterSeconds(retryAfter, now: now))
        case 401, 403: .unauthorized(status: status)
        case 400...499: .rejected(status: status)
        case 500...599: .serverError(status: status)
        default: .badResponse(reason: "unexpected HTTP status \(status) from \(endpoint.displayPath)")
        }
    }

    /// A failure thrown while calling: the deadline, the network, or a cancelled caller.
    package static func error(thrown error: any Error, endpoint: some UpstreamEndpoint) -> UpstreamError {
        switch error {
        case let upstream as UpstreamError:
            return upstream
        case is DeadlinePassed:
            return .timeout
        case is CancellationError:
            return .unavailable(reason: "the call to \(endpoint.displayPath) was cancelled")
        case let failure as TransferFailure:
            return transferError(failure, endpoint: endpoint)
        default:
            return .unavailable(reason: "\(endpoint.displayPath) failed (\(type(of: error)))")
        }
    }

    private static func transferError(_ failure: TransferFailure, endpoint: some UpstreamEndpoint) -> UpstreamError {
        let path = endpoint.displayPath
        switch failure {
        case .bodyTooLarge(let limit, let declared?):
            return .badResponse(reason: "\(path) declared a body of \(declared) bytes, over the \(limit) allowed")
        case .bodyTooLarge(let limit, nil):
            return .badResponse(reason: "the body from \(path) is over \(limit) bytes")
        case .headTooLarge(let limit):
            return .badResponse(reason: "the response head from \(path) is over \(limit) bytes")
        case .timedOut:
            return .timeout
        case .connectionRefused:
            return .unavailable(reason: "connection refused calling \(path)")
        case .hostNotResolved:
            return .unavailable(reason: "\(endpoint.upstreamName)'s host name did not resolve calling \(path)")
        case .closedWithoutAnswer:
            return .unavailable(reason: "the connection closed without an answer calling \(path)")
        case .connectionLost:
            return .unavailable(reason: "connection reset or lost calling \(path)")
        case .brokeOffAfterHead(let code):
            // A head arrived, so the upstream did answer: the answer is what failed.
            return .badResponse(reason: "the answer from \(path) broke off after its head (curl error \(code))")
        case .unreadableAnswer(let code):
            return .badResponse(reason: "unreadable HTTP response from \(path) (curl error \(code))")
        case .noSecureConnection(let code):
            return .unavailable(reason: "no trusted TLS connection to \(endpoint.upstreamName) calling \(path) (curl error \(code))")
        case .invalidHeader:
            return .unavailable(reason: "a request header for \(path) held a line break; not sent")
        case .transportClosed:
            return .unavailable(reason: "the transport for \(endpoint.upstreamName) is closed calling \(path)")
        case .failed(let code):
            return .unavailable(reason: "calling \(path) failed (curl error \(code))")
        }
    }

    /// Retry-After as delay-seconds or an HTTP date, an hour at most (`UpstreamNumber`); nil when
    /// absent, unreadable or negative.
    package static func retryAfterSeconds(_ value: String?, now: Date) -> Int? {
        guard let text = value.flatMap(WhiteSpace.trimmed) else { return nil }
        let longest = UpstreamNumber.retryAfterSeconds.upperBound
        if let seconds = Int(text) { return seconds >= 0 ? min(seconds, longest) : nil }
        // Digits past Int's range are a delay too, just a long one.
        if text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return longest }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return Int(min(max(0, date.timeIntervalSince(now).rounded(.up)), Double(longest)))
    }
}

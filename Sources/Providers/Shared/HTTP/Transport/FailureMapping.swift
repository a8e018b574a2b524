import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GifService

/// Maps what went wrong in a call to the one `UpstreamError` row it belongs to.
/// Reasons are written here from codes we choose, never copied from a system error's
/// description: those can hold the request URL, and the URL holds the key.
public enum FailureMapping {
    /// The answer for a status other than 2xx.
    public static func error(status: Int, retryAfter: String?, endpoint: some UpstreamEndpoint, now: Date = Date()) -> UpstreamError {
        switch status {
        case 404 where endpoint.notFoundMeansUnknownGIF: .notFound
        case 429: .rateLimited(retryAfter: retryAfterSeconds(retryAfter, now: now))
        case 401, 403: .unauthorized(status: status)
        case 400...499: .rejected(status: status)
        case 500...599: .serverError(status: status)
        default: .badResponse(reason: "unexpected HTTP status \(status) from \(endpoint.displayPath)")
        }
    }

    /// A failure thrown while calling: the deadline, the network, or a cancelled caller.
    public static func error(thrown error: any Error, endpoint: some UpstreamEndpoint) -> UpstreamError {
        switch error {
        case let upstream as UpstreamError:
            return upstream
        case is DeadlinePassed:
            return .timeout
        case is CancellationError:
            return .unavailable(reason: "the call to \(endpoint.displayPath) was cancelled")
        case let failure as TransferFailure:
            return transferError(failure, endpoint: endpoint)
        case let urlError as URLError:
            return transportError(urlError.code, endpoint: endpoint)
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
        case .transport(let error, answered: true) where error.code != .cancelled && error.code != .timedOut:
            // A head arrived, so the upstream did answer: the answer is what failed.
            return .badResponse(reason: "the answer from \(path) broke off after its head (URLError \(error.code.rawValue))")
        case .transport(let error, answered: false) where error.code == .badServerResponse:
            // libcurl's "empty reply": the connection closed before a byte of answer.
            return .unavailable(reason: "the connection closed without an answer calling \(path)")
        case .transport(let error, _):
            return transportError(error.code, endpoint: endpoint)
        }
    }

    private static func transportError(_ code: URLError.Code, endpoint: some UpstreamEndpoint) -> UpstreamError {
        let path = endpoint.displayPath
        switch code {
        case .timedOut:
            // URLSession's own idle timer, a backstop behind our deadline.
            return .timeout
        case .cannotConnectToHost:
            return .unavailable(reason: "connection refused calling \(path)")
        case .cannotFindHost, .dnsLookupFailed:
            return .unavailable(reason: "\(endpoint.upstreamName)'s host name did not resolve calling \(path)")
        case .networkConnectionLost:
            return .unavailable(reason: "connection reset or lost calling \(path)")
        case .notConnectedToInternet, .secureConnectionFailed, .serverCertificateUntrusted,
             .serverCertificateHasBadDate, .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .unavailable(reason: "no usable connection to \(endpoint.upstreamName) calling \(path) (URLError \(code.rawValue))")
        case .cancelled:
            return .unavailable(reason: "the call to \(path) was cancelled")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
             .zeroByteResource:
            return .badResponse(reason: "unreadable HTTP response from \(path) (URLError \(code.rawValue))")
        default:
            return .unavailable(reason: "calling \(path) failed (URLError \(code.rawValue))")
        }
    }

    /// Retry-After as delay-seconds or an HTTP date; nil when absent or unreadable.
    public static func retryAfterSeconds(_ value: String?, now: Date) -> Int? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Int(text) { return seconds >= 0 ? seconds : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }
}

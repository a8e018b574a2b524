import Service
import Model
import HTTPServer

/// The one table from the service's error kinds to HTTP: status and title per kind, and
/// Retry-After for the kinds that say when to retry. A title belongs to its problem type (RFC
/// 9457), whatever the provider: the detail names the provider that failed.
enum ServiceErrorTable {
    static func row(_ kind: ServiceError.Kind) -> (status: HTTPStatus, title: String) {
        switch kind {
        case .invalidParameter: (.badRequest, "Invalid parameter")
        case .itemNotFound: (.notFound, "Item not found")
        case .favoriteNotFound: (.notFound, "Favorite not found")
        case .favoritesFull: (.conflict, "Favorites full")
        case .installTokenRequired: (unauthorized, "Install token required")
        case .installTokenInvalid: (unauthorized, "Install token invalid")
        case .installRateLimited: (tooManyRequests, "Too many installs")
        case .reportRateLimited: (tooManyRequests, "Too many reports")
        case .storageBusy: (.serviceUnavailable, "Storage busy")
        case .storageFull: (insufficientStorage, "Storage full")
        case .storageUnavailable: (.serviceUnavailable, "Storage unavailable")
        case .upstreamRateLimited: (.serviceUnavailable, "Upstream rate limit reached")
        case .upstreamBudgetExhausted: (.serviceUnavailable, "Upstream call budget spent")
        case .upstreamShareSpent: (tooManyRequests, "Your share of upstream calls is spent")
        case .upstreamAuth: (.badGateway, "The upstream refused the server's key")
        case .upstreamRejected: (.badGateway, "The upstream rejected the request")
        case .upstreamError: (.badGateway, "The upstream failed")
        case .upstreamUnavailable: (.badGateway, "Upstream unreachable")
        case .upstreamTimeout: (.gatewayTimeout, "The upstream did not answer in time")
        case .upstreamBadResponse: (.badGateway, "The upstream sent an unusable answer")
        case .importInvalid: (.badRequest, "Import document invalid")
        case .importTooLarge: (.contentTooLarge, "Import document too large")
        case .linkCodeInvalid: (.forbidden, "Link code invalid")
        case .linkRateLimited: (tooManyRequests, "Too many link attempts")
        case .devicesFull: (.conflict, "Devices full")
        case .deviceNotFound: (.notFound, "Device not found")
        case .internal: (.internalServerError, "Internal server error")
        }
    }

    /// RFC 4918's 507, the status for a write refused for lack of space; HTTPServer has no constant for it.
    private static let insufficientStorage = HTTPStatus(code: 507, reasonPhrase: "Insufficient Storage")
    private static let unauthorized = HTTPStatus(code: 401)
    private static let tooManyRequests = HTTPStatus(code: 429)

    /// RFC 6750's challenge: the scheme alone when no token was sent, with the error when one was.
    static func challenge(_ kind: ServiceError.Kind) -> String? {
        switch kind {
        case .installTokenRequired: "Bearer"
        case .installTokenInvalid: "Bearer error=\"invalid_token\""
        default: nil
        }
    }

    /// The RFC 9457 problem the server answers with for `error`.
    static func problem(for error: ServiceError) -> ProblemDetails {
        let (status, title) = row(error.kind)
        var headers: [String: String] = [:]
        if let seconds = error.retryAfterSeconds { headers["Retry-After"] = String(seconds) }
        if let challenge = challenge(error.kind) { headers["WWW-Authenticate"] = challenge }
        return ProblemDetails(status: status, code: error.code, title: title, detail: error.detail, headers: headers)
    }
}

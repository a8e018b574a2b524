/// Every failure the API can report, one case per row of the error table, with its HTTP status
/// and stable code. The service maps store, rule and upstream errors into these; the API only renders.
public struct ServiceError: Error, Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case invalidParameter = "invalid_parameter"
        case gifNotFound = "gif_not_found"
        case favoriteNotFound = "favorite_not_found"
        case favoritesFull = "favorites_full"
        case upstreamRateLimited = "upstream_rate_limited"
        case upstreamBudgetExhausted = "upstream_budget_exhausted"
        case upstreamAuth = "upstream_auth"
        case upstreamRejected = "upstream_rejected"
        case upstreamError = "upstream_error"
        case upstreamUnavailable = "upstream_unavailable"
        case upstreamTimeout = "upstream_timeout"
        case upstreamBadResponse = "upstream_bad_response"
        case `internal` = "internal"
    }

    public let kind: Kind
    /// For a person; never holds internals or the upstream key.
    public let detail: String
    /// Seconds, for `upstreamRateLimited`.
    public let retryAfter: Int?
    /// The parameter at fault, for `invalidParameter`.
    public let parameter: String?

    public init(_ kind: Kind, _ detail: String, retryAfter: Int? = nil, parameter: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.retryAfter = retryAfter
        self.parameter = parameter
    }

    public var code: String { kind.rawValue }

    public var status: Int {
        switch kind {
        case .invalidParameter: 400
        case .gifNotFound, .favoriteNotFound: 404
        case .favoritesFull: 409
        case .upstreamRateLimited, .upstreamBudgetExhausted: 503
        case .upstreamAuth, .upstreamRejected, .upstreamError, .upstreamUnavailable, .upstreamBadResponse: 502
        case .upstreamTimeout: 504
        case .internal: 500
        }
    }

    public var title: String {
        switch kind {
        case .invalidParameter: "Invalid parameter"
        case .gifNotFound: "GIF not found"
        case .favoriteNotFound: "Favorite not found"
        case .favoritesFull: "Favorites full"
        case .upstreamRateLimited: "GIPHY rate limit reached"
        case .upstreamBudgetExhausted: "Upstream call budget spent"
        case .upstreamAuth: "GIPHY refused the server's key"
        case .upstreamRejected: "GIPHY rejected the request"
        case .upstreamError: "GIPHY failed"
        case .upstreamUnavailable: "GIPHY unreachable"
        case .upstreamTimeout: "GIPHY did not answer in time"
        case .upstreamBadResponse: "GIPHY sent an unusable answer"
        case .internal: "Internal server error"
        }
    }

    static func invalid(_ parameter: String, _ detail: String) -> ServiceError {
        ServiceError(.invalidParameter, "Parameter \"\(parameter)\": \(detail)", parameter: parameter)
    }

    static let internalError = ServiceError(.internal, "The server failed to answer this request; the failure is logged.")

    static func budgetExhausted(_ exhausted: BudgetExhausted) -> ServiceError {
        ServiceError(.upstreamBudgetExhausted,
                     "This hour's budget of GIPHY calls is spent and nothing is cached for this request; try again later.",
                     retryAfter: exhausted.retryAfter)
    }

    /// The error table's upstream rows.
    static func upstream(_ error: UpstreamError) -> ServiceError {
        switch error {
        case .notFound:
            return ServiceError(.gifNotFound, "GIPHY has no GIF with that id.")
        case .rateLimited(let retryAfter):
            return ServiceError(.upstreamRateLimited, "GIPHY's rate limit for this server's key is reached; try again later.",
                                retryAfter: retryAfter ?? 60)
        case .unauthorized(let status):
            return ServiceError(.upstreamAuth, "GIPHY refused the server's API key (HTTP \(status)); check GIPHY_API_KEY.")
        case .rejected(let status):
            return ServiceError(.upstreamRejected, "GIPHY rejected the request (HTTP \(status)).")
        case .serverError(let status):
            return ServiceError(.upstreamError, "GIPHY failed to answer (HTTP \(status)).")
        case .unavailable:
            return ServiceError(.upstreamUnavailable, "GIPHY cannot be reached from the server.")
        case .timeout:
            return ServiceError(.upstreamTimeout, "GIPHY did not answer in time.")
        case .badResponse:
            return ServiceError(.upstreamBadResponse, "GIPHY's answer could not be used.")
        }
    }
}

/// The one place where what the layers below throw becomes a `ServiceError`.
extension ServiceError {
    /// Rules, stores and the upstream map to their rows; anything else is reported and becomes `internal`.
    init(translating error: any Error, report: (any Error) -> Void) {
        switch error {
        case let error as ServiceError:
            self = error
        case let error as UpstreamError:
            self = Self.upstream(error)
        case let exhausted as BudgetExhausted:
            self = ServiceError(.upstreamBudgetExhausted,
                                "This hour's budget of GIPHY calls is spent and nothing is cached for this request; try again later.",
                                retryAfterSeconds: exhausted.retryAfter)
        case FavoritesError.favoritesFull(let limit):
            self = .favoritesFull(limit: limit)
        case FavoritesError.notFound(let id):
            self = ServiceError(.favoriteNotFound, "\(id) is not a favorite.")
        case StoreFailure.busy(let seconds):
            self = ServiceError(.storageBusy, "The database is busy with another write; try again shortly.",
                                retryAfterSeconds: seconds)
        case StoreFailure.full:
            self = ServiceError(.storageFull, "The server's disk is full, so nothing was saved; reading still works. Try again once space is freed.")
        case StoreFailure.unavailable(let reason):
            report(error)
            self = ServiceError(.storageUnavailable, "The server's database cannot be written right now (\(reason)); nothing was saved.",
                                retryAfterSeconds: 5)
        default:
            report(error)
            self = .internalError
        }
    }

    /// The upstream rows.
    private static func upstream(_ error: UpstreamError) -> ServiceError {
        switch error {
        case .notFound:
            ServiceError(.gifNotFound, "GIPHY has no GIF with that id.")
        case .rateLimited(let retryAfter):
            ServiceError(.upstreamRateLimited, "GIPHY's rate limit for this server's key is reached; try again later.",
                         retryAfterSeconds: retryAfter ?? 60)
        case .unauthorized(let status):
            ServiceError(.upstreamAuth, "GIPHY refused the server's API key (HTTP \(status)); check GIPHY_API_KEY.")
        case .rejected(let status):
            ServiceError(.upstreamRejected, "GIPHY rejected the request (HTTP \(status)).")
        case .serverError(let status):
            ServiceError(.upstreamError, "GIPHY failed to answer (HTTP \(status)).")
        case .unavailable:
            ServiceError(.upstreamUnavailable, "GIPHY cannot be reached from the server.")
        case .timeout:
            ServiceError(.upstreamTimeout, "GIPHY did not answer in time.")
        case .badResponse:
            ServiceError(.upstreamBadResponse, "GIPHY's answer could not be used.")
        }
    }
}

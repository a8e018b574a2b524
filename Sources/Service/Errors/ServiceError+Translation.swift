import Gateway
import Model
/// The one place where what the layers below throw becomes a `ServiceError`.
extension ServiceError {
    /// Rules, stores and the upstream map to their rows; anything else is reported and becomes `internal`.
    /// `upstream` names the provider the request went to, in the details ("GIPHY", "Unsplash");
    /// an upstream failure where no provider was named is a bug, reported as `internal`.
    init(translating error: any Error, upstream: UpstreamNaming?, report: (any Error) -> Void) {
        switch (error, upstream) {
        case (let error as ServiceError, _):
            self = error
        case (let error as UpstreamError, let upstream?):
            self = Self.upstream(error, upstream)
        case (let held as UpstreamHeldOff, let upstream?):
            // The kind of the failure that began the hold, so clients see one code for one outage.
            let failure = Self.upstream(held.cause, upstream)
            self = ServiceError(failure.kind, failure.detail + " The server waits before asking \(upstream.displayName) again.",
                                retryAfterSeconds: held.retryAfter)
        case (let exhausted as BudgetExhausted, let upstream?):
            self = ServiceError(.upstreamBudgetExhausted,
                                "This hour's budget of \(upstream.displayName) calls is spent and nothing is cached for this request; try again later.",
                                retryAfterSeconds: exhausted.retryAfter)
        case (let spent as UpstreamShareSpent, let upstream?):
            let who = switch spent.scope {
            case .client: "You have caused your share"
            case .address: "The clients at your address (its installs together) have caused their share"
            }
            self = ServiceError(.upstreamShareSpent,
                                "\(who) of this hour's \(upstream.displayName) calls and nothing is cached for this "
                                    + "request; cached searches still answer, and a call frees up in \(spent.retryAfter) seconds.",
                                retryAfterSeconds: spent.retryAfter)
        case (InstallError.tokenRequired, _):
            self = .installTokenRequired
        case (InstallError.unknownToken, _):
            self = .unknownInstallToken
        case (InstallError.tooManyCreated(let scope, let seconds), _):
            self = ServiceError(.installRateLimited, Self.tooManyInstalls(scope), retryAfterSeconds: seconds)
        case (InstallError.linkRateLimited(let seconds), _):
            self = ServiceError(.linkRateLimited, "Too many link codes were tried from this address or its network, or on this "
                                    + "server, in the last hour; try again later.", retryAfterSeconds: seconds)
        case (InstallError.unknownLinkCode, _):
            self = ServiceError(.linkCodeInvalid, "The link code opens nothing: it was mistyped, already used, or expired "
                                    + "(a code works once, for \(Int(LinkCode.lifetime) / 60) minutes). Ask the other device for a new one.")
        case (InstallError.tooManyDevices(let limit), _):
            self = ServiceError(.devicesFull, "The install has \(limit) devices, the most it may; revoke one "
                                    + "(DELETE /installs/current/tokens/{id}) and ask for a new code.")
        case (InstallError.noSuchDevice, _):
            self = ServiceError(.deviceNotFound, "The install has no device with that id.")
        case (InstallError.linkingUnavailable, _):
            report(error)
            self = .internalError
        case (FavoritesError.notFound(let id), _):
            self = ServiceError(.favoriteNotFound, "\(id) is not a favorite.")
        case (StoreFailure.busy(let seconds), _):
            self = ServiceError(.storageBusy, "The database is busy with another write; try again shortly.",
                                retryAfterSeconds: seconds)
        case (StoreFailure.full, _):
            self = ServiceError(.storageFull, "The server's disk is full, so nothing was saved; reading still works. Try again once space is freed.")
        case (StoreFailure.unavailable(let reason), _):
            report(error)
            self = ServiceError(.storageUnavailable, "The server's database cannot be written right now (\(reason)); nothing was saved.",
                                retryAfterSeconds: 5)
        default:
            report(error)
            self = .internalError
        }
    }

    private static func tooManyInstalls(_ scope: CreationScope) -> String {
        switch scope {
        case .address: "Too many installs were made from this address in the last hour; try again later."
        case .network: "Too many installs were made from this address's network (its IPv4 /24 or IPv6 /48) in the last hour; try again later."
        case .server: "This server made as many installs as it makes in an hour; try again later."
        case .networkShare:
            "This address's network (its IPv4 /24 or IPv6 /48) made its share of the installs this server has left this hour; "
                + "try again later."
        case .blockShare:
            "This address's wider network (its IPv4 /16 or IPv6 /32) made its share of the installs this server has left this "
                + "hour; try again later."
        }
    }

    /// The upstream rows.
    private static func upstream(_ error: UpstreamError, _ upstream: UpstreamNaming) -> ServiceError {
        let name = upstream.displayName
        return switch error {
        case .notFound:
            ServiceError(.itemNotFound, "\(name) has nothing with that id.")
        case .rateLimited(let retryAfter):
            ServiceError(.upstreamRateLimited, "\(name)'s rate limit for this server's key is reached; try again later.",
                         retryAfterSeconds: retryAfter ?? 60)
        case .unauthorized(let status):
            ServiceError(.upstreamAuth, "\(name) refused the server's API key (HTTP \(status)); check \(upstream.keySetting).")
        case .rejected(let status):
            ServiceError(.upstreamRejected, "\(name) rejected the request (HTTP \(status)).")
        case .serverError(let status):
            ServiceError(.upstreamError, "\(name) failed to answer (HTTP \(status)).")
        case .unavailable:
            ServiceError(.upstreamUnavailable, "\(name) cannot be reached from the server.")
        case .timeout:
            ServiceError(.upstreamTimeout, "\(name) did not answer in time.")
        case .badResponse:
            ServiceError(.upstreamBadResponse, "\(name)'s answer could not be used.")
        }
    }
}

/// Every failure the backend reports, one kind per row of the API's error table. Nothing here is
/// HTTP: the API maps each kind to its status, title and headers.
package struct ServiceError: Error, Equatable, Sendable {
    /// The raw value is the stable snake_case code clients switch on.
    package enum Kind: String, Sendable, CaseIterable {
        case invalidParameter = "invalid_parameter"
        case itemNotFound = "gif_not_found"
        case favoriteNotFound = "favorite_not_found"
        case favoritesFull = "favorites_full"
        case installTokenRequired = "install_token_required"
        case installTokenInvalid = "install_token_invalid"
        case installRateLimited = "install_rate_limited"
        case reportRateLimited = "report_rate_limited"
        case storageBusy = "storage_busy"
        case storageFull = "storage_full"
        case storageUnavailable = "storage_unavailable"
        case upstreamRateLimited = "upstream_rate_limited"
        case upstreamBudgetExhausted = "upstream_budget_exhausted"
        case upstreamShareSpent = "upstream_share_spent"
        case upstreamAuth = "upstream_auth"
        case upstreamRejected = "upstream_rejected"
        case upstreamError = "upstream_error"
        case upstreamUnavailable = "upstream_unavailable"
        case upstreamTimeout = "upstream_timeout"
        case upstreamBadResponse = "upstream_bad_response"
        case importInvalid = "import_invalid"
        case importTooLarge = "import_too_large"
        case linkCodeInvalid = "link_code_invalid"
        case linkRateLimited = "link_rate_limited"
        case devicesFull = "devices_full"
        case deviceNotFound = "device_not_found"
        case `internal` = "internal"
    }

    package let kind: Kind
    /// For a person; never holds internals or the upstream key.
    package let detail: String
    /// Seconds until a retry may succeed, for the kinds that know (rate limit, budget, busy storage).
    package let retryAfterSeconds: Int?
    /// The parameter at fault, for `invalidParameter`.
    package let parameter: String?

    package init(_ kind: Kind, _ detail: String, retryAfterSeconds: Int? = nil, parameter: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.retryAfterSeconds = retryAfterSeconds
        self.parameter = parameter
    }

    package var code: String { kind.rawValue }

    /// Input that breaks one of the service's rules; `rule` says what was expected.
    package static func invalid(_ parameter: String, _ rule: String) -> ServiceError {
        ServiceError(.invalidParameter, "Parameter \"\(parameter)\": \(rule)", parameter: parameter)
    }

    package static let internalError = ServiceError(.internal, "The server failed to answer this request; the failure is logged.")

    /// `hidden`: how many of them are rated above the content ceiling, so not listed, though
    /// stored and counted (saved before the ceiling was lowered).
    package static func favoritesFull(limit: Int, hidden: Int = 0) -> ServiceError {
        let full = "You can keep at most \(limit) favorites; remove one to add another."
        guard hidden > 0 else { return ServiceError(.favoritesFull, full) }
        return ServiceError(.favoritesFull, full + " \(hidden) of them \(hidden == 1 ? "is" : "are") rated above this server's "
                                + "content ceiling, so not listed; each can still be removed by its id.")
    }

    package static func noItem(forTag tag: SearchWords?, upstream: UpstreamNaming) -> ServiceError {
        ServiceError(.itemNotFound, "\(upstream.displayName) has nothing for the tag \"\(tag?.text ?? "")\".")
    }

    /// A `provider` parameter naming none of those served.
    package static func unknownProvider(among names: [ProviderName]) -> ServiceError {
        .invalid("provider", "must be one of \(names.map(\.rawValue).joined(separator: ", ")).")
    }

    /// A request without a token where the policy requires one.
    package static let installTokenRequired = ServiceError(
        .installTokenRequired,
        "This route keeps something per install and this server requires an install token: send "
            + "\"Authorization: Bearer <token>\" with the token POST /installs answered.")

    /// A token (or an Authorization header) that opens no install; `detail` says what was wrong,
    /// never repeating what was sent.
    package static func installTokenInvalid(_ detail: String) -> ServiceError {
        ServiceError(.installTokenInvalid, detail)
    }

    package static let unknownInstallToken = installTokenInvalid(
        "The install token opens no install: it was not issued by this server, or its install was "
            + "deleted. Register again with POST /installs.")

    /// An item rated above the server's content ceiling, which it never serves: not found, as if
    /// the upstream had none, so a client treats it as any missing item.
    package static func aboveCeiling(id: String, ceiling: ContentCeiling) -> ServiceError {
        ServiceError(.itemNotFound, "The item \"\(id)\" is not served here: it is rated above this server's content ceiling (\(ceiling.rating)).")
    }

    /// An import document that is not one this server reads; `detail` says what is wrong.
    package static func importInvalid(_ detail: String) -> ServiceError {
        ServiceError(.importInvalid, "The document is not a gif-bff export this server reads: \(detail) Nothing was imported.")
    }

    /// An import document longer than `limit` bytes.
    package static func importTooLarge(limit: Int) -> ServiceError {
        ServiceError(.importTooLarge, "The document is larger than \(limit) bytes, more than any export holds; nothing was imported.")
    }

    /// An item the operator blocked: not found, as if the upstream had none; the detail says no more.
    package static func blocked(id: String) -> ServiceError {
        ServiceError(.itemNotFound, "No item has the id \"\(id)\".")
    }

    /// An id whose provider is not served here (its item cannot be fetched).
    package static func itemNotFound(id: String) -> ServiceError {
        ServiceError(.itemNotFound, "No item has the id \"\(id)\".")
    }
}

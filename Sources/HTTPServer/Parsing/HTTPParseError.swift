/// Why a request could not be read; each one is answered with its status, then the connection closes.
enum HTTPParseError: Error, Equatable {
    case badRequest(String)
    case uriTooLong
    case headerFieldsTooLarge(String)
    case contentTooLarge
    case notImplemented(String)
    case expectationFailed(String)
    case versionNotSupported(String)

    var status: HTTPStatus {
        switch self {
        case .badRequest: .badRequest
        case .uriTooLong: .uriTooLong
        case .headerFieldsTooLarge: .requestHeaderFieldsTooLarge
        case .contentTooLarge: .contentTooLarge
        case .notImplemented: .notImplemented
        case .expectationFailed: .expectationFailed
        case .versionNotSupported: .httpVersionNotSupported
        }
    }

    func problem(limits: HTTPLimits) -> ProblemDetails {
        switch self {
        case .badRequest(let detail):
            return .badRequest(detail)
        case .uriTooLong:
            return ProblemDetails(status: .uriTooLong, code: "uri_too_long", title: "URI too long",
                                  detail: "The request line is longer than \(limits.maxRequestLineBytes) bytes.")
        case .headerFieldsTooLarge(let detail):
            return ProblemDetails(status: .requestHeaderFieldsTooLarge, code: "header_fields_too_large",
                                  title: "Request header fields too large", detail: detail)
        case .contentTooLarge:
            return ProblemDetails(status: .contentTooLarge, code: "content_too_large", title: "Content too large",
                                  detail: "The request body is larger than \(limits.maxBodyBytes) bytes.")
        case .notImplemented(let detail):
            return ProblemDetails(status: .notImplemented, code: "not_implemented", title: "Not implemented",
                                  detail: detail)
        case .expectationFailed(let detail):
            return ProblemDetails(status: .expectationFailed, code: "expectation_failed",
                                  title: "Expectation failed", detail: detail)
        case .versionNotSupported(let version):
            return ProblemDetails(status: .httpVersionNotSupported, code: "http_version_not_supported",
                                  title: "HTTP version not supported",
                                  detail: "\(version) is not supported; use HTTP/1.1 or HTTP/1.0.")
        }
    }
}

import JSON
/// An RFC 9457 problem: what every error body of ours is, the transport's included.
/// Throw it from a handler and the server answers with it.
package struct ProblemDetails: Sendable, Equatable {
    package var status: HTTPStatus
    /// Stable snake_case identifier clients can switch on.
    package var code: String
    /// Short summary, the same for every problem with this code.
    package var title: String
    /// What went wrong this time, for a person.
    package var detail: String
    /// Headers the response carries besides the body (Allow, Retry-After, ...).
    package var headers: [String: String]

    package init(status: HTTPStatus, code: String, title: String, detail: String, headers: [String: String] = [:]) {
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.headers = headers
    }

    package static let contentType = "application/problem+json"

    /// The type URI: the server's configured prefix and the code, an identifier rather than a page.
    package func type(prefix: String) -> String { prefix + code }

    /// RFC 9457's members in this order, then our `code`.
    package func json(problemTypePrefix: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.object { writer in
            writer.member("type", type(prefix: problemTypePrefix))
            writer.member("title", title)
            writer.member("status", status.code)
            writer.member("detail", detail)
            writer.member("code", code)
        }
        return writer.bytes
    }
}

extension ProblemDetails: HTTPResponseError {
    package func response(problemTypePrefix: String) -> HTTPResponse {
        var response = HTTPResponse(status: status, contentType: Self.contentType,
                                    body: json(problemTypePrefix: problemTypePrefix))
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            response.headers.add(name: name, value: value)
        }
        return response
    }
}

extension ProblemDetails {
    package static func badRequest(_ detail: String) -> ProblemDetails {
        ProblemDetails(status: .badRequest, code: "bad_request", title: "Bad request", detail: detail)
    }

    static func notFound(path: String) -> ProblemDetails {
        ProblemDetails(status: .notFound, code: "not_found", title: "Not found",
                       detail: "No resource at \(path).")
    }

    static func methodNotAllowed(_ method: HTTPMethod, allowed: [String]) -> ProblemDetails {
        ProblemDetails(status: .methodNotAllowed, code: "method_not_allowed", title: "Method not allowed",
                       detail: "\(method) is not allowed here; use \(allowed.joined(separator: ", ")).",
                       headers: ["Allow": allowed.joined(separator: ", ")])
    }

    static let internalError = ProblemDetails(
        status: .internalServerError, code: "internal", title: "Internal server error",
        detail: "The server failed to answer this request; the failure is logged.")

    static let requestTimeout = ProblemDetails(
        status: .requestTimeout, code: "request_timeout", title: "Request timeout",
        detail: "The request was not received in time.")

    static let tooManyConnections = ProblemDetails(
        status: .serviceUnavailable, code: "too_many_connections", title: "Too many connections",
        detail: "The server holds as many connections as it is configured for; try again shortly.",
        headers: ["Retry-After": "1"])

    static func tooManyClientConnections(limit: Int) -> ProblemDetails {
        ProblemDetails(status: .tooManyRequests, code: "too_many_client_connections", title: "Too many connections from this client",
                       detail: "This client (its IP address, or its IPv6 /64) holds \(limit) connections, as many as one client may; reuse them, or close one.",
                       headers: ["Retry-After": "1"])
    }
}

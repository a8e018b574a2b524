import HTTPServer

/// Refuses a request whose `Host` is not on the allowlist with 421 `host_not_allowed`, before
/// routing. A request without `Host` (HTTP/1.0; HTTP/1.1 requires one) passes: browsers always
/// send it, so such a request cannot come from a rebinding page.
struct HostCheck: HTTPResponder {
    let next: any HTTPResponder
    let allowlist: HostAllowlist

    func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        if let host = request.headers["Host"], !allowlist.allows(hostHeader: host) {
            throw ProblemDetails(
                status: HTTPStatus(code: 421, reasonPhrase: "Misdirected Request"), code: "host_not_allowed",
                title: "Host not allowed",
                detail: "This server does not answer for the host \(host); add it to GIF_BFF_ALLOWED_HOSTS to allow it.")
        }
        return try await next.respond(to: request)
    }
}

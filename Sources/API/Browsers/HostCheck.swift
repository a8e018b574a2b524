import HTTPServer

/// Refuses a request whose `Host` is not on the allowlist with 421 `host_not_allowed`, before
/// routing. A request without `Host` (HTTP/1.0; HTTP/1.1 requires one) passes: browsers always
/// send it, so such a request cannot come from a rebinding page. The first step of `APIResponder`.
enum HostCheck {
    static func refusal(of request: HTTPRequest, allowlist: HostAllowlist) -> ProblemDetails? {
        guard let host = request.headers["Host"], !allowlist.allows(hostHeader: host) else { return nil }
        return ProblemDetails(
            status: HTTPStatus(code: 421, reasonPhrase: "Misdirected Request"), code: "host_not_allowed",
            title: "Host not allowed",
            detail: "This server does not answer for the host \(host); add it to GIF_BFF_ALLOWED_HOSTS to allow it.")
    }
}

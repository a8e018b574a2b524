import HTTPServer

/// CORS for browser clients (the Fetch standard's CORS protocol). An allowed `Origin` gets its
/// preflights answered and `Access-Control-*` headers on every answer, errors included, so the
/// page can read the problem. A disallowed one gets no CORS headers, and its unsafe requests
/// (anything but GET, HEAD, OPTIONS) are refused with 403 before they change anything.
struct CORSResponder: HTTPResponder {
    let next: any HTTPResponder
    let router: Router
    let policy: CORSPolicy

    static let allowedHeaders = "Content-Type, If-None-Match"
    static let exposedHeaders = "ETag, X-Cache, Age, Retry-After"
    static let maxAgeSeconds = "600"

    func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        guard let origin = request.headers["Origin"] else { return try await next.respond(to: request) }
        guard policy.allows(origin: origin) || Self.isSameOrigin(origin, host: request.headers["Host"]) else {
            if ![.get, .head, .options].contains(request.method) { throw Self.originNotAllowed(origin) }
            return try await next.respond(to: request)
        }
        var request = request
        if request.method == .options, request.headers.contains(name: "Access-Control-Request-Method"),
           let methods = router.allowedMethods(for: &request) {
            var preflight = HTTPResponse(status: .noContent)
            preflight.headers.add(name: "Access-Control-Allow-Origin", value: origin)
            preflight.headers.add(name: "Access-Control-Allow-Methods", value: methods.joined(separator: ", "))
            preflight.headers.add(name: "Access-Control-Allow-Headers", value: Self.allowedHeaders)
            preflight.headers.add(name: "Access-Control-Max-Age", value: Self.maxAgeSeconds)
            preflight.headers.add(name: "Vary", value: "Origin")
            return preflight
        }
        do {
            var response = try await next.respond(to: request)
            let vary = response.headers.values(of: "Vary") + ["Origin"]
            for (name, value) in Self.answerHeaders(origin, vary: vary.joined(separator: ", ")) {
                response.headers.set(name: name, value: value)
            }
            return response
        } catch var problem as ProblemDetails {
            let vary = (problem.headers["Vary"].map { [$0] } ?? []) + ["Origin"]
            for (name, value) in Self.answerHeaders(origin, vary: vary.joined(separator: ", ")) { problem.headers[name] = value }
            throw problem
        }
    }

    /// What every answer to an allowed origin carries; `vary` keeps what the answer varied on already.
    static func answerHeaders(_ origin: String, vary: String) -> [(String, String)] {
        [("Access-Control-Allow-Origin", origin), ("Vary", vary), ("Access-Control-Expose-Headers", exposedHeaders)]
    }

    /// A page served by gif-bff itself (the web app) sends its own origin on POST and DELETE;
    /// its Host already passed the allowlist, so that origin is trusted like a listed one.
    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host else { return false }
        return origin.lowercased() == "http://" + host.lowercased()
    }

    static func originNotAllowed(_ origin: String) -> ProblemDetails {
        ProblemDetails(status: HTTPStatus(code: 403), code: "origin_not_allowed", title: "Origin not allowed",
                       detail: "Requests that change data are not accepted from the origin \(origin); "
                           + "add it to GIF_BFF_CORS_ORIGINS to allow it.")
    }
}

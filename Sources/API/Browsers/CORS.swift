import HTTPServer

/// CORS for browser clients (the Fetch standard's CORS protocol). An allowed `Origin` gets its
/// preflights answered and `Access-Control-*` headers on every answer, errors included, so the
/// page can read the problem. A disallowed one gets no CORS headers, and its unsafe requests
/// (anything but GET, HEAD, OPTIONS) and its preflights are refused with 403 before they change
/// anything: the preflight's 403 names the setting, where a 405 would have misled.
/// Steps of `APIResponder`, before and after the route.
enum CORS {
    static let allowedHeaders = "Authorization, Content-Type, If-None-Match"
    static let exposedHeaders = "ETag, X-Cache, Age, Retry-After, WWW-Authenticate"
    static let maxAgeSeconds = "600"

    /// What a request with an `Origin` gets before any route runs.
    enum Check {
        /// A preflight from an allowed origin: this is the answer.
        case preflight(HTTPResponse)
        /// Route it, and give the answer (or problem) CORS headers.
        case allowed
        /// Route it, without CORS headers (the browser keeps the answer from the page).
        case notAllowed
    }

    /// Throws 403 `origin_not_allowed` for a disallowed origin's unsafe request or preflight.
    static func check(_ request: inout HTTPRequest, origin: String, policy: CORSPolicy, router: Router) throws -> Check {
        let isPreflight = request.method == .options && request.headers.contains(name: "Access-Control-Request-Method")
        guard policy.allows(origin: origin) || isSameOrigin(origin, host: request.headers["Host"]) else {
            if isPreflight || ![.get, .head, .options].contains(request.method) { throw originNotAllowed(origin) }
            return .notAllowed
        }
        if isPreflight, let methods = router.allowedMethods(for: &request) {
            var preflight = HTTPResponse(status: .noContent)
            preflight.headers.add(name: "Access-Control-Allow-Origin", value: origin)
            preflight.headers.add(name: "Access-Control-Allow-Methods", value: methods.joined(separator: ", "))
            preflight.headers.add(name: "Access-Control-Allow-Headers", value: allowedHeaders)
            preflight.headers.add(name: "Access-Control-Max-Age", value: maxAgeSeconds)
            preflight.headers.add(name: "Vary", value: "Origin")
            return .preflight(preflight)
        }
        return .allowed
    }

    /// The headers every answer to an allowed origin carries; Vary keeps what the answer varied on already.
    static func addHeaders(to response: inout HTTPResponse, origin: String) {
        let vary = response.headers.values(of: "Vary") + ["Origin"]
        for (name, value) in answerHeaders(origin, vary: vary.joined(separator: ", ")) {
            response.headers.set(name: name, value: value)
        }
    }

    static func addHeaders(to problem: inout ProblemDetails, origin: String) {
        let vary = (problem.headers["Vary"].map { [$0] } ?? []) + ["Origin"]
        for (name, value) in answerHeaders(origin, vary: vary.joined(separator: ", ")) { problem.headers[name] = value }
    }

    private static func answerHeaders(_ origin: String, vary: String) -> [(String, String)] {
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

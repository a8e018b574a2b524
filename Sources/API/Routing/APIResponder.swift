import HTTPServer
import Primitives

/// What the server runs for every request: the Host check first (421 before routing), then the
/// route, counted and timed, with CORS for browsers, gzip for clients that accept it, and ETags
/// (one per coding) and 304 for unchanged answers. The steps before the route run once, on the
/// event loop; the steps after it run on the route's answer, there when it is ready, else after
/// the route's wait on a worker (as responders wrapped around one another, each step was an
/// async frame of its own, and each frame an allocation).
struct APIResponder: HTTPResponder {
    let router: Router
    let metrics: RequestMetrics
    let origins: CORSPolicy
    let hosts: HostAllowlist
    /// The operator's token, checked on every path under /admin/ before routing; nil: no admin API.
    var admin: AdminAccess?

    /// What the steps after the route need.
    private struct Routed {
        /// CLOCK_MONOTONIC nanoseconds (`RequestMetrics.now()`'s clock) the answer is timed from.
        let start: Int
        let route: String
        /// Set when the request's origin is allowed: its answer, or problem, gets CORS headers.
        let allowedOrigin: String?
    }

    func answer(_ request: inout HTTPRequest) throws -> HTTPAnswer {
        let (routed, handler) = try route(&request)
        do {
            // Switched on as it comes, never kept in a variable: a ready response bound out of a
            // kept answer shares its headers' storage with it, and the first header added (the
            // ETag) copied them, one allocation per request.
            switch try handler.answer(request) {
            case .ready(var response):
                finish(&response, to: request, routed)
                return .ready(response)
            case .pending(let wait):
                return .pending { [self, request] in
                    do {
                        var response = try await wait()
                        finish(&response, to: request, routed)
                        return response
                    } catch {
                        throw failed(error, routed)
                    }
                }
            }
        } catch {
            throw failed(error, routed)
        }
    }

    /// The Host check, the route's match, CORS; a 404 or 405 is thrown (counted) from here. A CORS
    /// preflight's answer comes as a handler that gives it, so it passes the steps after the route
    /// like any answer (none of them changes an OPTIONS answer; it is counted there).
    private func route(_ request: inout HTTPRequest) throws -> (Routed, RouteHandler) {
        if let refusal = HostCheck.refusal(of: request, allowlist: hosts) { throw refusal }
        // The loop's reading of the clock when it woke to read the request, where there is one.
        let start = request.receivedAt.map { Int(truncatingIfNeeded: $0) } ?? RequestMetrics.now()
        router.match(&request)
        let route = request.route ?? "unmatched"
        var allowedOrigin: String?
        do {
            let isAdmin = AdminAccess.covers(request.path)
            if isAdmin, let admin { try admin.check(request) }
            // The admin API never answers a browser's cross-origin request (no CORS headers, no preflight).
            if !isAdmin, let origin = request.headers["Origin"] {
                switch try CORS.check(&request, origin: origin, policy: origins, router: router) {
                case .preflight(let preflight):
                    return (Routed(start: start, route: route, allowedOrigin: nil), RouteHandler(answering: preflight))
                case .allowed: allowedOrigin = origin
                case .notAllowed: break
                }
            }
            let handler = try router.handler(for: &request)
            return (Routed(start: start, route: route, allowedOrigin: allowedOrigin), handler)
        } catch {
            throw failed(error, Routed(start: start, route: route, allowedOrigin: allowedOrigin))
        }
    }

    /// The steps after the route: compressed first, so the ETag and a 304 are those of the bytes
    /// sent; counted as sent, so a 304 counts as 304. In place: a copy to change would share the
    /// headers' storage with the original, and the first header added would copy it.
    private func finish(_ response: inout HTTPResponse, to request: HTTPRequest, _ routed: Routed) {
        ResponseCompression.compress(&response, for: request)
        ConditionalGET.answer(&response, to: request)
        if let allowedOrigin = routed.allowedOrigin { CORS.addHeaders(to: &response, origin: allowedOrigin) }
        metrics.record(route: routed.route, status: response.status.code, since: routed.start)
    }

    /// A failure counted, with CORS headers on a problem for an allowed origin; returned to be thrown.
    private func failed(_ error: any Error, _ routed: Routed) -> any Error {
        switch error {
        case var problem as ProblemDetails:
            if let allowedOrigin = routed.allowedOrigin { CORS.addHeaders(to: &problem, origin: allowedOrigin) }
            metrics.record(route: routed.route, status: problem.status.code, since: routed.start)
            return problem
        case let failure as any HTTPResponseError:
            metrics.record(route: routed.route, status: failure.response(problemTypePrefix: "").status.code, since: routed.start)
            return failure
        default:
            metrics.record(route: routed.route, status: 500, since: routed.start)
            return error
        }
    }
}

import HTTPServer

/// What the server runs for every request: the Host check first (421 before routing), then the
/// route, counted and timed, with CORS for browsers, gzip for clients that accept it, and ETags
/// (one per coding) and 304 for unchanged answers. One async call, the route's, between
/// synchronous steps: as responders wrapped around one another, each step was an async frame of
/// its own, and each frame an allocation (6 of a cached answer's 36 mallocs).
struct APIResponder: HTTPResponder {
    let router: Router
    let metrics: RequestMetrics
    let origins: CORSPolicy
    let hosts: HostAllowlist

    func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        if let refusal = HostCheck.refusal(of: request, allowlist: hosts) { throw refusal }
        let start = ContinuousClock.now
        var request = request
        router.match(&request)
        let route = request.route ?? "unmatched"
        // Set when the request's origin is allowed: its answer, or problem, gets CORS headers.
        var allowedOrigin: String?
        do {
            if let origin = request.headers["Origin"] {
                switch try CORS.check(&request, origin: origin, policy: origins, router: router) {
                case .preflight(let preflight):
                    metrics.record(route: route, status: preflight.status.code, since: start)
                    return preflight
                case .allowed: allowedOrigin = origin
                case .notAllowed: break
                }
            }
            var response = try await router.handler(for: &request)(request)
            // Compressed first, so the ETag and a 304 are those of the bytes sent.
            CompressingResponder.compress(&response, for: request)
            ConditionalGET.answer(&response, to: request)
            if let allowedOrigin { CORS.addHeaders(to: &response, origin: allowedOrigin) }
            // As sent, so a 304 counts as 304.
            metrics.record(route: route, status: response.status.code, since: start)
            return response
        } catch var problem as ProblemDetails {
            if let allowedOrigin { CORS.addHeaders(to: &problem, origin: allowedOrigin) }
            metrics.record(route: route, status: problem.status.code, since: start)
            throw problem
        } catch let failure as any HTTPResponseError {
            metrics.record(route: route, status: failure.response(problemTypePrefix: "").status.code, since: start)
            throw failure
        } catch {
            metrics.record(route: route, status: 500, since: start)
            throw error
        }
    }
}

import HTTPServer

/// `GET /healthz`, liveness: answers as soon as the server accepts requests; touches nothing else.
/// `GET /readyz`, readiness: 200 while the storage answers and the server is not stopping, else
/// 503 `not_ready` saying why (a balancer then sends its requests to another instance).
enum HealthRoutes {
    static func register(on router: inout RouterBuilder, readiness: Readiness) {
        router.immediate(.get, "/healthz") { _ in
            var response = HTTPResponse.json("{\"status\":\"ok\"}")
            response.headers.set(name: "Cache-Control", value: "no-store")
            return response
        }
        router.get("/readyz") { _ in
            if let reason = await readiness.reasonNotReady() {
                throw ProblemDetails(status: .serviceUnavailable, code: "not_ready", title: "Not ready", detail: reason,
                                     headers: ["Cache-Control": "no-store"])
            }
            var response = HTTPResponse.json("{\"status\":\"ready\"}")
            response.headers.set(name: "Cache-Control", value: "no-store")
            return response
        }
    }
}

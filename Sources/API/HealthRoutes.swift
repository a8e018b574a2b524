import HTTPServer

/// `GET /healthz`: answers as soon as the server accepts requests; touches nothing else.
enum HealthRoutes {
    static func register(on router: inout RouterBuilder) {
        router.get("/healthz") { _ in
            var response = HTTPResponse.json("{\"status\":\"ok\"}")
            response.headers.set(name: "Cache-Control", value: "no-store")
            return response
        }
    }
}

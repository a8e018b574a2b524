import HTTPServer

/// `GET /healthz`: answers as soon as the server accepts requests; touches nothing else.
enum HealthRoutes {
    static func register(on router: inout RouterBuilder) {
        router.get("/healthz") { _ in .json("{\"status\":\"ok\"}") }
    }
}

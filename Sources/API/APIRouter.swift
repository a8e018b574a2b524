import Service
import HTTPServer

/// The HTTP API: every route of gif-bff on one router, built once at start-up.
public enum APIRouter {
    /// The routes alone.
    public static func make(backend: Backend, requestMetrics: RequestMetrics = RequestMetrics()) -> Router {
        var router = RouterBuilder()
        HealthRoutes.register(on: &router)
        BrowseRoutes.register(on: &router, backend: backend)
        FavoritesRoutes.register(on: &router, backend: backend)
        SearchHistoryRoutes.register(on: &router, backend: backend)
        SuggestionRoutes.register(on: &router, backend: backend)
        DeckRoutes.register(on: &router, backend: backend)
        AnalyticsRoutes.register(on: &router, backend: backend)
        MetricsRoutes.register(on: &router, backend: backend, requests: requestMetrics)
        OpenAPIRoutes.register(on: &router)
        WebAppRoutes.register(on: &router)
        return router.build()
    }

    /// What the server runs: the Host check first (421 before routing), then the routes, counted
    /// and timed, with CORS for browsers, gzip for clients that accept it, and ETags (one per
    /// coding) and 304 for unchanged answers.
    public static func responder(backend: Backend, origins: CORSPolicy = .loopback,
                                 hosts: HostAllowlist = .loopback) -> any HTTPResponder {
        let metrics = RequestMetrics()
        let router = make(backend: backend, requestMetrics: metrics)
        let cors = CORSResponder(next: ConditionalGET(CompressingResponder(router)), router: router, policy: origins)
        return HostCheck(next: ObservedResponder(next: cors, router: router, metrics: metrics), allowlist: hosts)
    }
}

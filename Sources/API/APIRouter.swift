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

    /// What the server runs (`APIResponder`): the Host check, the routes counted and timed, CORS,
    /// gzip, ETags and 304.
    public static func responder(backend: Backend, origins: CORSPolicy = .loopback,
                                 hosts: HostAllowlist = .loopback) -> any HTTPResponder {
        let metrics = RequestMetrics()
        return APIResponder(router: make(backend: backend, requestMetrics: metrics), metrics: metrics, origins: origins, hosts: hosts)
    }
}

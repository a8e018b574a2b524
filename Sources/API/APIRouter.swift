import GifService
import HTTPServer

/// The HTTP API: every route of gif-bff on one router, built once at start-up.
public enum APIRouter {
    /// The routes alone.
    public static func make(backend: GIFBackend, requestMetrics: RequestMetrics = RequestMetrics()) -> Router {
        var router = RouterBuilder()
        HealthRoutes.register(on: &router)
        BrowseRoutes.register(on: &router, backend: backend)
        FavoritesRoutes.register(on: &router, backend: backend)
        SearchHistoryRoutes.register(on: &router, backend: backend)
        SuggestionRoutes.register(on: &router, backend: backend)
        DeckRoutes.register(on: &router, backend: backend)
        MetricsRoutes.register(on: &router, backend: backend, requests: requestMetrics)
        OpenAPIRoutes.register(on: &router)
        WebAppRoutes.register(on: &router)
        return router.build()
    }

    /// What the server runs: the routes, counted and timed, with ETags and 304 for unchanged answers.
    public static func responder(backend: GIFBackend) -> any HTTPResponder {
        let metrics = RequestMetrics()
        let router = make(backend: backend, requestMetrics: metrics)
        return ObservedResponder(next: ConditionalGET(router), router: router, metrics: metrics)
    }
}

import GifService
import HTTPServer

/// The HTTP API: every route of gif-bff on one router, built once at start-up.
public enum APIRouter {
    public static func make(backend: GifBackend) -> Router {
        var router = RouterBuilder()
        HealthRoutes.register(on: &router)
        BrowseRoutes.register(on: &router, backend: backend)
        FavoritesRoutes.register(on: &router, backend: backend)
        SearchHistoryRoutes.register(on: &router, backend: backend)
        OpenAPIRoutes.register(on: &router)
        return router.build()
    }
}

import HTTPServer

/// The HTTP API: every route of gif-bff on one router, built once at start-up.
public enum APIRouter {
    public static func make() -> Router {
        var router = RouterBuilder()
        HealthRoutes.register(on: &router)
        return router.build()
    }
}

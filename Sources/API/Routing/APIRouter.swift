import DemoMedia
import Service
import Model
import HTTPServer

/// The HTTP API: every route of gif-bff on one router, built once at start-up.
package enum APIRouter {
    /// The routes alone. `links`: what answers write this server's own links against; `media`: the
    /// demo providers' pictures (nil when no provider is served from its demo catalog); `proxies`:
    /// whose X-Forwarded-For says where a request comes from; `readiness`: what `/readyz` answers;
    /// `backups`: the SQLite file's snapshots, for /metrics; `admin`: the operator's token, without
    /// which no /admin route exists.
    package static func make(backend: Backend, requestMetrics: RequestMetrics = RequestMetrics(), links: LinkBase = LinkBase(),
                            media: DemoMediaLibrary? = nil, proxies: TrustedProxies = .none,
                            readiness: Readiness = Readiness(), backups: BackupMetrics? = nil, admin: AdminAccess? = nil) -> Router {
        var router = RouterBuilder()
        HealthRoutes.register(on: &router, readiness: readiness)
        InstallRoutes.register(on: &router, installs: backend.installs, proxies: proxies)
        DeviceRoutes.register(on: &router, installs: backend.installs, proxies: proxies)
        if let portability = backend.portability {
            PortabilityRoutes.register(on: &router, portability: portability, installs: backend.installs)
        }
        BrowseRoutes.register(on: &router, browse: backend.browse, providers: backend.providers, installs: backend.installs, links: links,
                              proxies: proxies)
        FavoritesRoutes.register(on: &router, favorites: backend.favorites, installs: backend.installs, links: links, proxies: proxies)
        SearchHistoryRoutes.register(on: &router, history: backend.history, installs: backend.installs)
        SuggestionRoutes.register(on: &router, history: backend.history, installs: backend.installs, proxies: proxies)
        DeckRoutes.register(on: &router, decks: backend.decks, installs: backend.installs, links: links, proxies: proxies)
        ReportRoutes.register(on: &router, moderation: backend.moderation, providers: backend.providers, installs: backend.installs,
                              proxies: proxies)
        if let admin { AdminRoutes.register(on: &router, moderation: backend.moderation, access: admin) }
        MediaRoutes.register(on: &router, library: media, blocklist: backend.moderation.blocklist)
        AnalyticsRoutes.register(on: &router, analytics: backend.analytics, installs: backend.installs)
        MetricsRoutes.register(on: &router, backend: backend, requests: requestMetrics, media: media, backups: backups)
        OpenAPIRoutes.register(on: &router)
        WebAppRoutes.register(on: &router, providers: backend.providers.names.map(\.rawValue),
                              defaultProvider: backend.providers.defaultName.rawValue)
        return router.build()
    }

    /// What the server runs (`APIResponder`): the Host check, the routes counted and timed, CORS,
    /// gzip, ETags and 304.
    package static func responder(backend: Backend, origins: CORSPolicy = .loopback,
                                 hosts: HostAllowlist = .loopback, links: LinkBase = LinkBase(),
                                 media: DemoMediaLibrary? = nil, proxies: TrustedProxies = .none,
                                 readiness: Readiness = Readiness(), backups: BackupMetrics? = nil,
                                 admin: AdminAccess? = nil) -> any HTTPResponder {
        let metrics = RequestMetrics()
        return APIResponder(router: make(backend: backend, requestMetrics: metrics, links: links, media: media, proxies: proxies,
                                         readiness: readiness, backups: backups, admin: admin),
                            metrics: metrics, origins: origins, hosts: hosts, admin: admin)
    }
}

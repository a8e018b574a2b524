import API
import GifService
import HTTPServer
import Storage

/// gif-bff wired and listening: the database, the upstream, the backend and the server.
public final class RunningApp: Sendable {
    public let port: UInt16
    /// True when serving the built-in demo catalog (no GIPHY key).
    public let isDemo: Bool
    private let server: HTTPServer
    private let upstream: Upstream
    private let stores: Stores
    /// The writes left for after the answers (history, cache): done before the database closes.
    let bookkeeping: BookkeepingWrites
    /// Pingbacks still queued get a short while to go out before the upstream stops.
    let analytics: AnalyticsPingbacks
    static let pingbackFlushDeadline: Duration = .seconds(2)

    /// Opens the database, picks the upstream and starts the server.
    /// Throws `StorageOpenError` or `ConfigurationError` for what the user must fix, other errors otherwise.
    public static func start(_ configuration: Configuration, logger: Logger) throws -> RunningApp {
        let report: @Sendable (any Error) -> Void = { error in
            // A database that fails under the server is the machine's fault, not a bug: named as such.
            let isStorage = error is StoreFailure || error is BookkeepingWriteFailed
            logger.error(isStorage ? "storage failure" : "unexpected failure", ("error", .string(String(describing: error))))
        }
        // The database first: the upstream's client keeps the install's GIPHY random_id in it.
        let stores = try Stores.open(path: configuration.databasePath, options: AppDatabase.serverOptions)
        let upstream: Upstream
        do {
            upstream = try Upstream.make(configuration, identities: stores.installIdentity, report: { error in
                logger.warning("GIPHY random_id not available yet", ("reason", .string(String(describing: error))))
            })
        } catch {
            Task { await stores.close() }
            throw error
        }
        let favorites = FavoritesService(store: stores.favorites, limit: configuration.favoritesLimit)
        let history = SearchHistoryService(store: stores.searchHistory)
        var gatewaySettings = configuration.gateway
        gatewaySettings.upstreamIdentity = upstream.identity
        let gateway = UpstreamGateway(
            provider: upstream.client, store: stores.responseCache, callLog: stores.callLog,
            settings: gatewaySettings, report: report,
            callFailed: { endpoint, error in
                // The client's errors never hold the key (their reasons are built without it).
                logger.warning("upstream call failed", ("endpoint", .string(endpoint)),
                               ("outcome", .string(UpstreamMetrics.outcome(of: error))),
                               ("reason", .string(String(describing: error))))
            })
        let spotlight = SpotlightService(gateway: gateway, store: stores.spotlight,
                                         intervalSeconds: configuration.spotlightMinutes * 60, rating: configuration.defaultRating)
        let analytics = AnalyticsPingbacks(
            channel: upstream.client, index: gateway.links, settings: PingbackSettings(enabled: configuration.giphyAnalytics),
            lookup: { id in try? await favorites.find(id: id)?.gif.upstreamLinks })
        let backend = GIFBackend(gateway: gateway, favorites: favorites, history: history, spotlight: spotlight,
                                 defaultRating: configuration.defaultRating, analytics: analytics, report: report)
        let responder = APIRouter.responder(
            backend: backend, origins: configuration.corsOrigins,
            hosts: configuration.allowedHosts.adding(boundAddress: configuration.server.host))
        let server = HTTPServer(configuration: configuration.server, responder: responder, logger: logger)
        do {
            let port = try server.start()
            return RunningApp(port: port, isDemo: upstream.demo != nil, server: server, upstream: upstream, stores: stores,
                              bookkeeping: gateway.bookkeeping, analytics: analytics)
        } catch {
            Task {
                await upstream.shutdown()
                await stores.close()
            }
            throw error
        }
    }

    private init(port: UInt16, isDemo: Bool, server: HTTPServer, upstream: Upstream, stores: Stores, bookkeeping: BookkeepingWrites,
                 analytics: AnalyticsPingbacks) {
        self.analytics = analytics
        self.stores = stores
        self.bookkeeping = bookkeeping
        self.port = port
        self.isDemo = isDemo
        self.server = server
        self.upstream = upstream
    }

    var httpServer: HTTPServer { server }

    /// Graceful: requests in flight finish (within the grace period), then the upstream stops and
    /// the database is closed (checkpointed: a stopped server leaves no -wal or -shm file).
    public func shutdown() async {
        await server.shutdown()
        await analytics.flush(within: Self.pingbackFlushDeadline)
        await upstream.shutdown()
        await bookkeeping.flush()
        await stores.close()
    }

    public func waitUntilStopped() async {
        await server.waitUntilStopped()
        await analytics.flush(within: Self.pingbackFlushDeadline)
        await upstream.shutdown()
        await bookkeeping.flush()
        await stores.close()
    }
}

import Gateway
import API
import DemoMedia
import Service
import Model
import HTTPServer
import SQLite
import Storage

/// gif-bff wired and listening: the database, the providers, the backend and the server.
package final class RunningApp: Sendable {
    package let port: UInt16
    /// The providers served from their built-in demo catalogs (no key), in name order.
    package let demoProviders: [ProviderName]
    /// True when GIPHY is served from the built-in demo catalog (no GIPHY key).
    package var isDemo: Bool { demoProviders.contains(.giphy) }
    /// The PostgreSQL server reached at start-up (`host:port`); nil on SQLite.
    package var databaseServer: String? { stores.databaseServer }
    /// The HTTP server (tests read how its requests were answered: `HTTPServer.answerCounts`).
    let server: HTTPServer
    /// What `/readyz` answers: not ready once a drain starts, nor while the database does not answer.
    private let readiness: Readiness
    /// The providers' clients, whose connections and transports stop with the server.
    private let sources: [ProviderSource]
    private let stores: Stores
    /// The writes left for after the answers (history, cache): done before the database closes.
    let bookkeeping: BookkeepingWrites
    /// Pingbacks still queued get a short while to go out before the server stops.
    let analytics: AnalyticsPingbacks
    private let heapTrimmer: HeapTrimmer
    /// Deletes idle installs hourly; nil when they are kept for ever.
    private let sweeper: IdleInstallSweeper?
    /// Snapshots of the SQLite file; nil without GIF_BFF_BACKUP_DIR (and with PostgreSQL).
    private let backups: BackupScheduler?
    /// The demo catalogs' pictures, when a provider runs on one: its drawing threads stop last.
    let media: DemoMediaLibrary?
    static let pingbackFlushDeadline: Duration = .seconds(2)

    /// Opens the database, starts the providers (GIPHY and Unsplash, each the real service with a
    /// key or its demo catalog) and the server.
    /// Throws `StorageOpenError` or `ConfigurationError` for what the user must fix, other errors otherwise.
    package static func start(_ configuration: Configuration, logger: Logger) throws -> RunningApp {
        try start(configuration, logger: logger, databaseOptions: AppDatabase.serverOptions)
    }

    /// As `start`, with the database opened through `databaseOptions` (a test's slow disk, say) and
    /// demo pictures drawn as `demoDrawing` says (a test's hook that holds drawing).
    static func start(_ configuration: Configuration, logger: Logger, databaseOptions: Database.Options,
                      demoDrawing: DemoDrawing = DemoDrawing()) throws -> RunningApp {
        let report: @Sendable (any Error) -> Void = { error in
            // A database that fails under the server is the machine's fault, not a bug: named as such.
            let isStorage = error is StoreFailure || error is BookkeepingWriteFailed
            logger.error(isStorage ? "storage failure" : "unexpected failure", ("error", .string(String(describing: error))))
        }
        let ceiling = try contentCeiling(configuration)
        let backupFolder = configuration.databaseURL == nil ? configuration.backupFolder : nil
        let snapshots = backupFolder.map { folder in
            DatabaseSnapshots(databasePath: configuration.databasePath, options: databaseOptions, folder: folder,
                              keep: configuration.backupKeep)
        }
        // The database first: the GIPHY client keeps the install's random_id in it.
        let stores = if let url = configuration.databaseURL {
            try Stores.open(url: url)
        } else {
            try openPrivately(configuration, options: databaseOptions, snapshots: snapshots, logger: logger)
        }
        var sources: [ProviderSource] = []
        let giphy: GiphySource
        let klipy: KlipySource
        do {
            giphy = try GiphySource.make(configuration, ceiling: ceiling, identities: stores.installIdentity, report: { error in
                logger.warning("GIPHY random_id not available yet", ("reason", .string(String(describing: error))))
            })
            sources.append(giphy.provider)
            sources.append(try UnsplashSource.make(configuration, logger: logger))
            klipy = try KlipySource.make(configuration, identities: stores.installIdentity, logger: logger)
            sources.append(klipy.provider)
            sources.append(try PexelsSource.make(configuration, logger: logger))
        } catch {
            abandon(sources, stores)
            throw error
        }
        for source in sources {
            // Says plainly which provider is the real service and which the built-in demo catalog.
            logger.info("provider ready", ("provider", .string(source.name.rawValue)),
                        ("mode", .string(source.isDemo ? "demo" : "live")))
        }
        // One queue of writes for later over every gateway, the history and the installs' last
        // uses: one flush waits for all of them.
        let bookkeeping = BookkeepingWrites(report: report)
        let installs = InstallService(store: stores.installs, policy: configuration.installPolicy,
                                      creationLimits: configuration.installCreationLimits, idleDays: configuration.installIdleDays,
                                      memories: [giphy.randomIDs, klipy.customerIDs].compactMap { $0 }, bookkeeping: bookkeeping,
                                      devices: stores.installDevices)
        let history = SearchHistoryService(store: stores.searchHistory, bookkeeping: bookkeeping)
        let providers = sources.map { source in
            makeProvider(source, configuration: configuration, ceiling: ceiling, stores: stores, bookkeeping: bookkeeping,
                         logger: logger, report: report)
        }
        // GIPHY's gateway knows which pingback links its answers carried.
        let gifGateway = providers.first { $0.name == .giphy }?.gateway
        let served: ProviderGateways
        do {
            let chains = try ProviderChains(configuration, sources: sources.map {
                ProviderChains.Candidate(name: $0.name, kind: $0.rules.kind, isDemo: $0.isDemo)
            })
            served = try ProviderGateways(providers, chains: chains.chains, defaultKind: chains.defaultKind)
            for kind in ItemKind.allCases {
                guard let chain = served.chain(kind) else { continue }
                logger.info("provider chain", ("kind", .string(kind.rawValue)),
                            ("providers", .string(chain.names.map(\.rawValue).joined(separator: ","))))
            }
            for name in chains.leftOut {
                logger.warning("left out of its chain: a demo catalog is never a fallback for a provider with a key",
                               ("provider", .string(name.rawValue)))
            }
        } catch {
            abandon(sources, stores)
            throw error
        }
        let moderation = Moderation(store: stores.moderation, report: report)
        BlocksLoading.start(moderation, logger: logger)
        let backend = Backend(
            providers: served, favorites: FavoritesSettings(store: stores.favorites, limit: configuration.favoritesLimit),
            history: history, installs: installs, portability: stores.portability, defaultRating: configuration.defaultRating,
            moderation: moderation,
            analytics: { favorites in
                AnalyticsPingbacks(
                    channel: giphy.channel, index: gifGateway?.links ?? UpstreamLinkIndex(),
                    settings: PingbackSettings(enabled: configuration.giphyAnalytics),
                    lookup: { id, install in
                        guard let install else { return nil }
                        return try? await favorites.find(id: id, install: install)?.item.upstreamLinks
                    })
            },
            report: report)
        let analytics = backend.analytics
        // Read before the first request, so none waits for it behind another's write.
        backend.favorites.startLoading()
        let demoCatalogs = sources.reduce(into: [String: any DemoMediaCatalog]()) { catalogs, source in
            if let media = source.demoMedia { catalogs[source.name.rawValue] = media }
        }
        let media = demoCatalogs.isEmpty ? nil
            : DemoMediaLibrary(catalogs: demoCatalogs, cacheBytes: configuration.demoMediaCacheMegabytes * 1024 * 1024,
                               drawing: demoDrawing)
        let backupMetrics = snapshots.map { _ in BackupMetrics() }
        let readiness = Readiness(probeStorage: {
            if let reason = await stores.unreachableReason() { return reason }
            return await BlocksLoading.reasonNotReady(moderation)
        })
        let responder = APIRouter.responder(
            backend: backend, origins: configuration.corsOrigins,
            hosts: configuration.allowedHosts.adding(boundAddress: configuration.server.host),
            links: LinkBase(publicURL: configuration.publicURL), media: media, proxies: configuration.trustedProxies,
            readiness: readiness, backups: backupMetrics, admin: adminAccess(configuration, logger: logger))
        var serverConfiguration = configuration.server
        // A trusted proxy carries many clients on its connections: the cap per client spares it.
        serverConfiguration.connectionLimitExempt = configuration.trustedProxies.ranges
        let server = HTTPServer(configuration: serverConfiguration, responder: responder, logger: logger)
        do {
            let port = try server.start()
            let sweeper = configuration.installIdleDays.map { IdleInstallSweeper(installs: backend.installs, idleDays: $0, logger: logger) }
            var backups: BackupScheduler?
            if let snapshots, let backupMetrics {
                backups = BackupScheduler(snapshots: snapshots, everyMinutes: configuration.backupIntervalMinutes,
                                          metrics: backupMetrics, logger: logger)
            }
            return RunningApp(port: port, demoProviders: sources.filter(\.isDemo).map(\.name).sorted(), server: server, readiness: readiness,
                              sources: sources, stores: stores, bookkeeping: bookkeeping, analytics: analytics,
                              heapTrimmer: HeapTrimmer(logger: logger), sweeper: sweeper, backups: backups, media: media)
        } catch {
            abandon(sources, stores)
            throw error
        }
    }

    /// The SQLite file, its side files and the snapshots are the server's user's alone (0600, the
    /// backup folder 0700), whatever the umask. What an older gif-bff or a copy left readable by
    /// others is made private once the database has opened (a file that is not one is left as it
    /// was), each change logged; what cannot be (another user's file) is logged and served anyway:
    /// refusing to start would only stop the service, and the log says what to fix.
    private static func openPrivately(_ configuration: Configuration, options: Database.Options, snapshots: DatabaseSnapshots?,
                                      logger: Logger) throws -> Stores {
        let log: @Sendable ([PrivateFiles.Change]) -> Void = { changes in
            for change in changes {
                if let failure = change.failure {
                    logger.warning("readable by others", ("path", .string(change.path)),
                                   ("mode", .string(PrivateFiles.octal(change.before))), ("reason", .string(failure)))
                } else {
                    logger.warning("made private", ("path", .string(change.path)),
                                   ("mode_before", .string(PrivateFiles.octal(change.before))), ("mode", .string(PrivateFiles.octal(change.after))))
                }
            }
        }
        let stores = try Stores.open(path: configuration.databasePath, options: options, madePrivate: log)
        log(snapshots?.makePrivate() ?? [])
        return stores
    }

    /// A start that failed part way: the clients made so far stop and the database closes, in the
    /// background (start is synchronous).
    private static func abandon(_ sources: [ProviderSource], _ stores: Stores) {
        Task {
            for source in sources { await source.shutdown() }
            await stores.close()
        }
    }

    /// The admin API's access when GIF_BFF_ADMIN_TOKEN is set, each action logged at info.
    private static func adminAccess(_ configuration: Configuration, logger: Logger) -> AdminAccess? {
        configuration.adminToken.map { token in
            AdminAccess(token: AdminToken(token)) { action, fields in
                logger.log(.info, "admin: \(action)", fields.map { ($0.0, LogValue.string($0.1)) })
            }
        }
    }

    /// A provider's gateway (its cache keys, budget and call log its own) and spotlight.
    /// The ceiling `GIF_BFF_MAX_RATING` sets; a default rating above it is a configuration that
    /// contradicts itself, refused before anything is opened.
    private static func contentCeiling(_ configuration: Configuration) throws(ConfigurationError) -> ContentCeiling {
        guard configuration.defaultRating <= configuration.maxRating else {
            throw .invalidValue(setting: Setting.defaultRating.label, value: "\"\(configuration.defaultRating)\"",
                                expected: "a rating no higher than \(Setting.maxRating.label), which is \(configuration.maxRating)")
        }
        return ContentCeiling(configuration.maxRating)
    }

    private static func makeProvider(_ source: ProviderSource, configuration: Configuration, ceiling: ContentCeiling, stores: Stores,
                                     bookkeeping: BookkeepingWrites, logger: Logger,
                                     report: @escaping @Sendable (any Error) -> Void) -> ProviderGateway {
        var settings = configuration.gateway
        settings.upstreamIdentity = source.identity
        settings.callsPerHour = source.callsPerHour
        settings.sharePercent = configuration.effectiveSharePercent
        let name = source.name
        let gateway = UpstreamGateway(
            provider: source.client, store: stores.responseCache,
            callLog: name == .giphy ? stores.callLog : stores.callLog(for: name.rawValue),
            settings: settings, report: report, bookkeeping: bookkeeping,
            callFailed: { endpoint, error in
                // The clients' errors never hold the key (their reasons are built without it).
                logger.warning("upstream call failed", ("provider", .string(name.rawValue)), ("endpoint", .string(endpoint)),
                               ("outcome", .string(UpstreamMetrics.outcome(of: error))),
                               ("reason", .string(String(describing: error))))
            })
        let spotlight = SpotlightService(gateway: gateway, store: stores.spotlight,
                                         intervalSeconds: configuration.spotlightMinutes * 60, rating: configuration.defaultRating,
                                         ceiling: ceiling, ratesItems: source.rules.ratesItems)
        return ProviderGateway(name: name, rules: source.rules, gateway: gateway, spotlight: spotlight, ceiling: ceiling)
    }

    private init(port: UInt16, demoProviders: [ProviderName], server: HTTPServer, readiness: Readiness, sources: [ProviderSource], stores: Stores,
                 bookkeeping: BookkeepingWrites, analytics: AnalyticsPingbacks, heapTrimmer: HeapTrimmer,
                 sweeper: IdleInstallSweeper?, backups: BackupScheduler?, media: DemoMediaLibrary?) {
        self.media = media
        self.backups = backups
        self.analytics = analytics
        self.heapTrimmer = heapTrimmer
        self.sweeper = sweeper
        self.stores = stores
        self.bookkeeping = bookkeeping
        self.port = port
        self.demoProviders = demoProviders
        self.server = server
        self.readiness = readiness
        self.sources = sources
    }

    /// Asks for a snapshot of the SQLite file now (SIGUSR1); false when none are taken.
    func requestBackup() -> Bool {
        backups?.request()
        return backups != nil
    }

    /// Graceful: requests in flight finish (within the grace period), then the pingbacks still
    /// queued and the writes left for later, and the database is closed (checkpointed: a stopped
    /// server leaves no -wal or -shm file).
    package func shutdown() async {
        await server.shutdown()
        await stopAfterServer()
    }

    /// SIGTERM's stop, for a balancer to lose nothing: `/readyz` answers 503 at once and every
    /// answer closes its connection (keep-alive clients reconnect, soon elsewhere), while the
    /// listener stays open `drain` long and every request is served; then the listener closes (a
    /// new client is refused, so a balancer tries another instance) and requests in flight have
    /// the grace period. With no drain, the server stops at once as `shutdown` does.
    package func drainThenStop(drain: Duration) async {
        readiness.startDraining()
        if drain > .zero {
            server.closeConnectionsAfterEachAnswer()
            try? await Task.sleep(for: drain)
            await server.closeListener()
        }
        await server.shutdown()
    }

    package func waitUntilStopped() async {
        await server.waitUntilStopped()
        await stopAfterServer()
    }

    private func stopAfterServer() async {
        heapTrimmer.stop()
        await sweeper?.stop()
        // Before the database closes: a snapshot under way finishes first.
        await backups?.stop()
        await analytics.flush(within: Self.pingbackFlushDeadline)
        // After the pingbacks: GIPHY's client is also their channel.
        for source in sources { await source.shutdown() }
        await bookkeeping.flush()
        await stores.close()
        media?.stop()
    }
}

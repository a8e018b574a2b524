import Gateway
import Model

/// The features, made once from the services and stores the app opened, each handed to the routes
/// that serve it: browsing, favorites, history and suggestions, installs, decks, analytics. It
/// holds no rule of its own; each feature's are in its folder.
package struct Backend: Sendable {
    /// Every provider served, each with its own gateway and spotlight.
    package let providers: ProviderGateways
    package let browse: Browse
    package let favorites: Favorites
    package let history: History
    package let installs: Installs
    package let decks: Decks
    /// Export and import; nil without a store for them (tests' in-memory backends).
    package let portability: Portability?
    /// The operator's blocks and the people's reports; every feature above reads its blocks.
    package let moderation: Moderation
    /// Analytics events to pingbacks, in the background.
    package let analytics: AnalyticsPingbacks
    /// The writes made for later, shared by every gateway, the history and the installs.
    private let bookkeeping: BookkeepingWrites

    /// `favorites`: what the favorites are made from (made here, with the providers whose
    /// ceilings they obey). `analytics`: made with the favorites, whose snapshots keep the
    /// pingback links the index lost. `report`: where unexpected failures go (the app logs them);
    /// callers only see `internal`.
    package init(providers: ProviderGateways, favorites: FavoritesSettings, history: SearchHistoryService,
                installs: InstallService, portability: (any PortabilityStore)? = nil, defaultRating: Rating = .default,
                moderation: Moderation = Moderation(store: nil),
                analytics: (Favorites) -> AnalyticsPingbacks = { _ in .disabled() },
                report: @escaping @Sendable (any Error) -> Void = { _ in }) {
        let errors = ErrorTranslation(report: report)
        let deckSessions = DeckSessions()
        let gifs = providers.gifsProvider
        let blocklist = moderation.blocklist
        let favorites = Favorites(favorites, providers: providers, blocklist: blocklist, errors: errors)
        self.providers = providers
        self.moderation = moderation
        self.favorites = favorites
        self.analytics = analytics(favorites)
        bookkeeping = gifs.gateway.bookkeeping
        browse = Browse(favorites: favorites, history: history, defaultRating: defaultRating, blocklist: blocklist, errors: errors)
        self.history = History(service: history, provider: gifs, blocklist: blocklist, errors: errors)
        self.installs = Installs(service: installs, favorites: favorites, history: history, deckSessions: deckSessions,
                                 bookkeeping: bookkeeping, errors: errors)
        self.portability = portability.map { Portability(favorites: favorites, history: history, store: $0, errors: errors) }
        decks = Decks(provider: gifs, favorites: favorites, sessions: deckSessions, defaultRating: defaultRating, blocklist: blocklist,
                      errors: errors)
    }

    /// Each provider's counters, for the metrics.
    package var upstreamMetrics: [(provider: ProviderName, metrics: UpstreamMetrics)] {
        providers.all.map { ($0.name, $0.gateway.metrics) }
    }
    /// Calls left this hour per provider with a budget.
    package var upstreamBudgetRemaining: [(provider: ProviderName, remaining: Int)] {
        providers.all.compactMap { provider in provider.gateway.budgetRemaining.map { (provider.name, $0) } }
    }
    /// Bookkeeping writes dropped since start, by kind, for the metrics.
    package var bookkeepingWriteFailures: [BookkeepingWrites.Write: Int] { bookkeeping.failures }
    /// Bookkeeping writes that replaced the same write still waiting, by kind, for the metrics.
    package var bookkeepingWritesMerged: [BookkeepingWrites.Write: Int] { bookkeeping.merged }

    /// Returns once the writes made for later (history, cache) so far are done, for shutdown and tests.
    package func flushBookkeeping() async {
        await bookkeeping.flush()
    }
}

import GiphyClient
import Service

extension Backend {
    /// One provider under GIPHY's name and rules, as most service and API tests want it.
    public init(gateway: UpstreamGateway, favorites: FavoritesService, history: SearchHistoryService,
                spotlight: SpotlightService, defaultRating: Rating = .default, analytics: AnalyticsPingbacks = .disabled(),
                report: @escaping @Sendable (any Error) -> Void = { _ in }) {
        let only = ProviderGateway(name: .giphy, rules: Giphy.rules, gateway: gateway, spotlight: spotlight)
        self.init(providers: ProviderGateways(only: only),
                  favorites: favorites, history: history, defaultRating: defaultRating, analytics: analytics, report: report)
    }
}

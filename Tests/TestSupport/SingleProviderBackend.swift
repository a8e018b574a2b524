import Gateway
import GiphyClient
import Service
import Model

extension Backend {
    /// One provider under GIPHY's name and rules, as most service and API tests want it.
    /// `installs` by default: the local install alone, in memory, tokens optional.
    /// `ceiling`: the server's content ceiling, applied to it.
    package init(gateway: UpstreamGateway, favorites: FavoritesSettings, history: SearchHistoryService,
                spotlight: SpotlightService, installs: InstallService = InstallService(store: MemoryInstallStore()),
                portability: (any PortabilityStore)? = nil, defaultRating: Rating = .default, ceiling: ContentCeiling = .none,
                report: @escaping @Sendable (any Error) -> Void = { _ in }) {
        let only = ProviderGateway(name: .giphy, rules: Giphy.rules, gateway: gateway, spotlight: spotlight, ceiling: ceiling)
        self.init(providers: ProviderGateways(only: only), favorites: favorites, history: history, installs: installs,
                  portability: portability, defaultRating: defaultRating, report: report)
    }
}

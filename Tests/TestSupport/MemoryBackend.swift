import Foundation
import Gateway
import Service
import Model

/// A Backend over in-memory stores (or the ones given) and a scripted provider, by default with
/// the cache off so every call reaches the provider.
package func makeMemoryBackend(
    provider: ScriptedProvider = ScriptedProvider(), gateway settings: GatewaySettings = uncachedGateway,
    favoritesLimit: Int = Favorites.defaultLimit,
    favoritesStore: any FavoritesStore = MemoryFavoritesStore(), historyStore: any SearchHistoryStore = MemorySearchHistoryStore(),
    spotlightStore: any SpotlightStore = MemorySpotlightStore(), defaultRating: Rating = .pg,
    now: @escaping @Sendable () -> Date = { Date() }, report: @escaping @Sendable (any Error) -> Void = { _ in }
) -> Backend {
    let gateway = UpstreamGateway(provider: provider, store: nil, settings: settings)
    return Backend(gateway: gateway, favorites: FavoritesSettings(store: favoritesStore, limit: favoritesLimit, now: now),
                      history: SearchHistoryService(store: historyStore, bookkeeping: gateway.bookkeeping),
                      spotlight: SpotlightService(gateway: gateway, store: spotlightStore, intervalSeconds: 600, rating: defaultRating),
                      defaultRating: defaultRating, report: report)
}

/// Gateway settings with the cache off.
package let uncachedGateway: GatewaySettings = {
    var settings = GatewaySettings()
    settings.cacheEnabled = false
    return settings
}()

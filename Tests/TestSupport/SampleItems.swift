import Gateway
import GiphyClient
import Service
import Model
import UnsplashClient

/// A GIPHY GIF with every field a test needs, its URLs made from its id.
package func makeItem(_ id: String, title: String? = nil, shareURL: String? = nil) -> Item {
    Item(
        id: id, provider: .giphy, title: title ?? "GIF \(id)", rating: "g", url: "https://giphy.com/gifs/\(id)", shareURL: shareURL,
        images: ["original": Rendition(url: "https://media.giphy.com/media/\(id)/giphy.gif", width: 480, height: 270)],
        attribution: Giphy.attribution
    )
}

/// A photo as Unsplash's mapping makes one: prefixed id, attribution, a download location.
package func makePhoto(_ upstreamID: String) -> Item {
    Item(
        id: "unsplash:\(upstreamID)", provider: .unsplash, title: "Photo \(upstreamID)", url: "https://unsplash.com/photos/\(upstreamID)",
        images: ["full": Rendition(url: "https://images.unsplash.com/photo-\(upstreamID)?q=85", width: 4000, height: 3000),
                 "small": Rendition(url: "https://images.unsplash.com/photo-\(upstreamID)?w=400", width: 400, height: 300)],
        width: 4000, height: 3000, color: "#c0d8f0",
        attribution: Attribution(text: "Photo by Ann on Unsplash", authorURL: "https://unsplash.com/@ann?utm_source=gif-bff&utm_medium=referral",
                                 providerURL: "https://unsplash.com/?utm_source=gif-bff&utm_medium=referral"),
        upstreamLinks: UpstreamLinks(downloadLocation: "https://api.unsplash.com/photos/\(upstreamID)/download?ixid=x"))
}

/// A backend serving GIPHY (`gifs`) and Unsplash (`photos`), each a scripted provider with its own
/// gateway and spotlight, over in-memory stores; `defaultProvider`'s kind is what a request naming none gets.
package func makeTwoProviderBackend(gifs: ScriptedProvider, photos: ScriptedProvider, defaultProvider: ProviderName = .giphy,
                                   photoSettings: GatewaySettings = uncachedGateway) -> Backend {
    makeChainBackend([ChainMember(.giphy, gifs, Giphy.rules), ChainMember(.unsplash, photos, Unsplash.rules, settings: photoSettings)],
                     defaultKind: defaultProvider == .unsplash ? .photos : .gifs)
}

/// One scripted provider of a test backend: its name, its rules (another provider's will do:
/// its display name says whose), its gateway's settings.
package struct ChainMember {
    let name: ProviderName
    let provider: ScriptedProvider
    let rules: ProviderRules
    let settings: GatewaySettings

    package init(_ name: ProviderName, _ provider: ScriptedProvider, _ rules: ProviderRules, settings: GatewaySettings = uncachedGateway) {
        (self.name, self.provider, self.rules, self.settings) = (name, provider, rules, settings)
    }
}

/// A backend over scripted providers, each with its own gateway and spotlight, over in-memory
/// stores; `chains` as `ProviderGateways` takes them (left out: each kind's members in order).
package func makeChainBackend(_ members: [ChainMember], chains: [ItemKind: [ProviderName]] = [:], defaultKind: ItemKind = .gifs) -> Backend {
    let bookkeeping = BookkeepingWrites()
    let providers = members.map { member in
        var settings = member.settings
        settings.upstreamIdentity = member.name.rawValue
        let gateway = UpstreamGateway(provider: member.provider, store: nil, settings: settings, bookkeeping: bookkeeping)
        return ProviderGateway(name: member.name, rules: member.rules, gateway: gateway,
                               spotlight: SpotlightService(gateway: gateway, store: MemorySpotlightStore(), intervalSeconds: 600, rating: .g))
    }
    let served = (try? ProviderGateways(providers, chains: chains, defaultKind: defaultKind)) ?? ProviderGateways(only: providers[0])
    return Backend(providers: served, favorites: FavoritesSettings(store: MemoryFavoritesStore()),
                   history: SearchHistoryService(store: MemorySearchHistoryStore(), bookkeeping: bookkeeping),
                   installs: InstallService(store: MemoryInstallStore()))
}

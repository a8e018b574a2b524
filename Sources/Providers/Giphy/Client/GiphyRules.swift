import Model

/// What the service needs to know of GIPHY, in GIPHY's folder: what its API accepts, how errors
/// name it, what its terms ask an app to show, and its compact rendition bundle. A namespace of
/// values, apart from the client, so decoding and mapping compile without the transport.
package enum Giphy {
    /// Pages of 1 to 50 (24 by default); search answers nothing at offset 5000 and above, trending
    /// stops at 499; GIFs and stickers; no ordering; the original for saving; a compact bundle
    /// (`bundle=messaging_non_clips`) holding every rendition of ours but `downsized`; each GIF rated.
    package static let rules = ProviderRules(
        defaultLimit: 24, limitRange: 1...50, searchOffsetRange: 0...4999, trendingOffsetRange: 0...499,
        mediaTypes: [.gifs, .stickers], downloadRendition: "original", naming: naming,
        compactSetOmits: ["downsized"], ratesItems: true)

    package static let naming = UpstreamNaming(displayName: "GIPHY", keySetting: "GIPHY_API_KEY")

    /// GIPHY's terms ask every GIF to be shown "Powered by GIPHY".
    package static let attribution = Attribution(text: "Powered by GIPHY")
}

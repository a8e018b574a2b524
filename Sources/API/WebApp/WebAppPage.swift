/// The web app's page with this server's providers written into its two empty `<meta>` tags, so
/// the page's provider switch offers what the server serves and starts on its default provider
/// (`GIF_BFF_DEFAULT_PROVIDER`) without a call of its own.
enum WebAppPage {
    static let providersTag = #"<meta name="gif-bff-providers" content="">"#
    static let defaultProviderTag = #"<meta name="gif-bff-default-provider" content="">"#

    /// `page` with the tags filled; provider names are letters only, so they need no escaping.
    static func filled(_ page: [UInt8], providers: [String], defaultProvider: String) -> [UInt8] {
        let text = String(decoding: page, as: UTF8.self)
            .replacing(providersTag, with: #"<meta name="gif-bff-providers" content="\#(providers.joined(separator: " "))">"#)
            .replacing(defaultProviderTag, with: #"<meta name="gif-bff-default-provider" content="\#(defaultProvider)">"#)
        return Array(text.utf8)
    }
}

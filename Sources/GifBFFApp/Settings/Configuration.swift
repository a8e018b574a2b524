import Foundation
import Gateway
import API
import PostgreSQL
import Service
import Model
import GiphyClient
import HTTPServer
import Storage

/// Everything gif-bff can be told at start-up. Each field comes from an environment variable
/// and a flag (the flag wins); `Setting.all` lists them with their defaults.
package struct Configuration: Sendable {
    package var server = HTTPServerConfiguration(host: "127.0.0.1", port: 8080, problemTypePrefix: "tag:gif-bff,2026:problem:")
    /// On SIGTERM, how long the server drains (`/readyz` 503, every request still served) before
    /// it stops listening: a balancer's health checks see it going and send no more. 0: none.
    package var drainPeriod: Duration = .seconds(5)
    package var databasePath = AppDatabase.defaultPath
    /// PostgreSQL instead of the SQLite file at `databasePath`, when set.
    package var databaseURL: PostgreSQLURL?
    /// Where snapshots of the SQLite file go while it runs; nil: none are taken.
    package var backupFolder: String?
    /// How often a snapshot is taken (one is also taken on SIGUSR1).
    package var backupIntervalMinutes: Double = 60
    /// Snapshots kept; the oldest beyond go.
    package var backupKeep = 24
    package var logLevel = LogLevel.info
    package var logFormat = LogFormat.logfmt
    /// Absent: the built-in demo catalog is served instead of GIPHY.
    package var giphyAPIKey: String?
    package var giphyBaseURL = GiphyClientConfiguration.defaultBaseURL.absoluteString
    /// Absent: Unsplash's built-in demo catalog is served instead of Unsplash.
    package var unsplashAccessKey: String?
    package var unsplashBaseURL = "https://api.unsplash.com"
    /// Unsplash calls allowed per rolling hour (the demo key's 50); nil for no budget of ours.
    package var unsplashCallsPerHour: Int? = 50
    /// Absent: KLIPY's built-in demo catalog is served instead of KLIPY.
    package var klipyAPIKey: String?
    package var klipyBaseURL = "https://api.klipy.com"
    /// KLIPY calls allowed per rolling hour (a test key's 100 a minute); nil for no budget of ours.
    package var klipyCallsPerHour: Int? = 6000
    /// Absent: Pexels' built-in demo catalog is served instead of Pexels.
    package var pexelsAPIKey: String?
    package var pexelsBaseURL = "https://api.pexels.com"
    /// Pexels calls allowed per rolling hour (within Pexels' 200); nil for no budget of ours.
    package var pexelsCallsPerHour: Int? = 150
    /// The kind of a request naming neither `provider` nor `kind` is this provider's, and its
    /// chain starts with it unless that chain is set.
    package var defaultProvider = ProviderName.giphy
    /// Each kind's chain (`ProviderChainSettings`); nil: the providers of the kind with a key.
    package var gifProviders: [ProviderName]?
    package var photoProviders: [ProviderName]?
    /// Sent as `utm_source` on links back to Unsplash, as its guidelines ask.
    package var appName = "gif-bff"
    /// Where clients reach the server ("https://gifs.example.com"), for the demo media's links;
    /// nil: each answer links to the `Host` its request named.
    package var publicURL: String?
    /// Memory for the demo catalogs' pictures once drawn.
    package var demoMediaCacheMegabytes = 32
    package var upstreamTimeout: Duration = .seconds(8)
    package var favoritesLimit = Favorites.defaultLimit
    package var defaultRating = Rating.default
    /// The most mature rating served, whatever a request asks (`ContentCeiling`); r: no ceiling.
    package var maxRating = ContentCeiling.none.rating
    /// The response cache, coalescing and the hourly call budget.
    package var gateway = GatewaySettings()
    /// The percent of each provider's budget one client may cause (`GatewaySettings.sharePercent`);
    /// nil (auto): `sharePercentForStrangers` where installs are required, else none.
    package var upstreamSharePercent: Int?
    /// How often the spotlight GIF changes.
    package var spotlightMinutes: Double = 10
    /// GIPHY's analytics pingbacks for POST /gif/{id}/events; off answers 202 and sends nothing.
    package var giphyAnalytics = true
    /// The users' country (ISO 3166-1 alpha-2, upper case) sent to GIPHY as `country_code` on
    /// search and trending: GIPHY asks for it when its API is called through a proxy, which
    /// would otherwise localise results to the server's address. None: not sent.
    package var giphyCountryCode: String?
    /// Web origins allowed to call the API from a browser.
    package var corsOrigins = CORSPolicy.loopback
    /// `Host` names answered; the bound address is added at start-up.
    package var allowedHosts = HostAllowlist.loopback
    /// Whether a request must present an install token.
    package var installPolicy = InstallPolicy.optional
    /// Installs one client address, one network and the server may make per hour.
    package var installCreationLimits = InstallCreationLimits()
    /// Installs unused this many days are deleted, with everything kept for them; nil: never.
    package var installIdleDays: Int? = InstallService.defaultIdleDays
    /// Proxies whose X-Forwarded-For is believed.
    package var trustedProxies = TrustedProxies.none
    /// The operator's token for /admin/...; nil: no admin API (every /admin path is 404).
    package var adminToken: String?

    package init() {}

    /// The share where strangers call (installs required: a shipped app). A server of one's own
    /// (installs optional, the default) has none unless set: its one developer would otherwise
    /// meet 429 after 5 new searches an hour on Unsplash's demo budget of 50.
    package static let sharePercentForStrangers = 10

    /// The share each provider's gateway applies: the setting, or what auto means for the policy.
    package var effectiveSharePercent: Int {
        upstreamSharePercent ?? (installPolicy == .required ? Self.sharePercentForStrangers : 0)
    }
}

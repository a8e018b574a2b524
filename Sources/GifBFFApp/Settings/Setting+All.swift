import API
import Foundation
import Gateway
import Glibc
import HTTPServer
import PostgreSQL
import Service
import Model
import KlipyClient
import PexelsClient
import UnsplashClient

extension Setting {
    /// Every setting, in the order `--help` and docs/configuration.md list them.
    package static let all: [Setting] = [
        host, port, database, databaseURL, logLevel, logFormat,
        databaseURLFile, backupFolder, backupIntervalMinutes, backupKeep,
        giphyAPIKey, giphyBaseURL, unsplashAccessKey, unsplashBaseURL, unsplashBudgetPerHour, defaultProvider, gifProviders, photoProviders, appName, publicURL,
        giphyAPIKeyFile, unsplashAccessKeyFile,
        klipyAPIKey, klipyAPIKeyFile, klipyBaseURL, klipyBudgetPerHour,
        pexelsAPIKey, pexelsAPIKeyFile, pexelsBaseURL, pexelsBudgetPerHour,
        demoMediaCacheMB, upstreamTimeout, favoritesLimit, defaultRating, maxRating,
        cache, cacheFreshSeconds, cacheStaleSeconds, cacheMaxEntries, upstreamBudgetPerHour, upstreamSharePercent, upstreamSharesPerAddress,
        spotlightMinutes, giphyAnalytics,
        giphyCountryCode,
        eventLoops, maxConnections, maxConnectionsPerClient, maxRequestLineBytes, maxHeaderBytes, maxHeaderCount, maxBodyBytes,
        headTimeout, requestTimeout, idleTimeout, drain, shutdownGrace,
        corsOrigins, allowedHosts,
        installs, installsPerHour, installsPerNetworkPerHour, installsPerServerPerHour, installsNetworkSharePercent,
        installsBlockSharePercent, installIdleDays, trustedProxies,
        adminToken, adminTokenFile,
    ]

    // MARK: Where it listens, where it keeps things, what it logs

    static let host = Setting("GIF_BFF_HOST", "--host", \.server.host, SettingReader(
        expected: "a numeric IPv4 or IPv6 address, or localhost",
        // "localhost" is what people type; it is the IPv4 loopback here, never a name lookup.
        { text in
            let host = text.lowercased() == "localhost" ? "127.0.0.1" : text
            return isNumericAddress(host) ? host : nil
        }, write: { $0 }), "address to listen on (IPv4 or IPv6; 0.0.0.0 for every interface)")

    static let port = Setting("GIF_BFF_PORT", "--port", \.server.port, SettingReader(
        expected: "a port number 0-65535", { UInt16($0) }, write: { String($0) }), "port to listen on; 0 picks a free one")

    static let database = Setting("GIF_BFF_DATABASE", "--database", \.databasePath, SettingReader(
        expected: "a file path", { $0.isEmpty ? nil : $0 }, write: { $0 }),
        "SQLite file for favorites and history; its folder is created")

    static let databaseURL = Setting("GIF_BFF_DATABASE_URL", "--database-url", \.databaseURL, SettingReader(read: { text throws(SettingValueError) in
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        switch PostgreSQLURL.parse(trimmed) {
        case .success(let url): return url
        case .failure(let failure): throw SettingValueError(expected: failure.reason)
        }
    }, write: { _ in "(none: the SQLite file)" }), secret: true,
        "a PostgreSQL connection string libpq takes (postgresql://user:password@host:port,host2:port/name, or keyword=value pairs) to keep everything in PostgreSQL, shared by every instance using it; unset, the SQLite file")

    static let logLevel = Setting("GIF_BFF_LOG_LEVEL", "--log-level", \.logLevel, SettingReader(
        expected: "debug, info, warning, error or off", { LogLevel(name: $0) }, write: { $0.name }), "debug, info, warning, error or off")

    static let logFormat = Setting("GIF_BFF_LOG_FORMAT", "--log-format", \.logFormat, .named("logfmt or json"),
                                   "logfmt or json (one JSON object per line)")

    // MARK: The providers

    static let giphyAPIKey = Setting("GIPHY_API_KEY", "--giphy-api-key", \.giphyAPIKey, .secret(none: "(none: demo catalog)"), secret: true,
                                     "GIPHY key; without one the built-in demo catalog is served")

    static let giphyBaseURL = Setting("GIPHY_BASE_URL", "--giphy-base-url", \.giphyBaseURL, .httpURL, "GIPHY API base URL, version included")

    static let unsplashAccessKey = Setting("UNSPLASH_ACCESS_KEY", "--unsplash-access-key", \.unsplashAccessKey,
                                           .secret(none: "(none: demo catalog)"), secret: true,
                                           "Unsplash access key; without one the built-in photo demo catalog is served")

    static let unsplashBaseURL = Setting("UNSPLASH_BASE_URL", "--unsplash-base-url", \.unsplashBaseURL, .httpURL, "Unsplash API base URL")

    static let unsplashBudgetPerHour = Setting("GIF_BFF_UNSPLASH_BUDGET_PER_HOUR", "--unsplash-budget-per-hour", \.unsplashCallsPerHour,
                                               .integerOrOff(0...1_000_000, off: "0 (no budget)"),
                                               "Unsplash calls allowed per rolling hour (50: a demo key's limit; 0: no budget of ours); never more than Unsplash's X-Ratelimit-Remaining")

    static let klipyAPIKey = Setting("KLIPY_API_KEY", "--klipy-api-key", \.klipyAPIKey, .secret(none: "(none: demo catalog)"), secret: true,
                                     "KLIPY app key; without one the built-in KLIPY demo catalog is served")

    static let klipyBaseURL = Setting("KLIPY_BASE_URL", "--klipy-base-url", \.klipyBaseURL, .httpURL,
                                      "KLIPY API host; its paths (/api/v1/{app_key}/gifs/...) go below it")

    static let klipyBudgetPerHour = Setting("GIF_BFF_KLIPY_BUDGET_PER_HOUR", "--klipy-budget-per-hour", \.klipyCallsPerHour,
                                            .integerOrOff(0...1_000_000, off: "0 (no budget)"),
                                            "KLIPY calls allowed per rolling hour (6000: a test key's 100 a minute; 0: no budget of ours)")

    static let pexelsAPIKey = Setting("PEXELS_API_KEY", "--pexels-api-key", \.pexelsAPIKey, .secret(none: "(none: demo catalog)"),
                                      secret: true, "Pexels API key; without one the built-in Pexels demo catalog is served")

    static let pexelsAPIKeyFile = Setting(fileOf: pexelsAPIKey, "PEXELS_API_KEY_FILE", "--pexels-api-key-file")

    static let pexelsBaseURL = Setting("PEXELS_BASE_URL", "--pexels-base-url", \.pexelsBaseURL, .httpURL, "Pexels API base URL, without /v1")

    static let pexelsBudgetPerHour = Setting("GIF_BFF_PEXELS_BUDGET_PER_HOUR", "--pexels-budget-per-hour", \.pexelsCallsPerHour,
                                             .integerOrOff(0...1_000_000, off: "0 (no budget)"),
                                             "Pexels calls allowed per rolling hour (150: within Pexels' 200 an hour; 0: no budget of ours); never more than Pexels' X-Ratelimit-Remaining")

    static let defaultProvider = Setting("GIF_BFF_DEFAULT_PROVIDER", "--default-provider", \.defaultProvider, SettingReader(
        expected: "a provider's name (giphy, unsplash)", { ProviderName($0.lowercased()) }, write: { $0.rawValue }),
        "requests that name neither provider nor kind get its kind's chain, which starts with it unless that chain is set")

    static let appName = Setting("GIF_BFF_APP_NAME", "--app-name", \.appName, SettingReader(
        expected: "1 to 64 ASCII letters, digits, '-', '_' or '.'", { text in
            let allowed = (1...64).contains(text.utf8.count) && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
            }
            return allowed ? text : nil
        }, write: { $0 }), "your app's name, sent as utm_source on links back to Unsplash")

    static let publicURL = Setting("GIF_BFF_PUBLIC_URL", "--public-url", \.publicURL, SettingReader(read: { text throws(SettingValueError) in
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil,
              ["", "/"].contains(url.path), url.query == nil, url.fragment == nil, url.user == nil else {
            throw SettingValueError(expected: "an http or https URL without a path, such as https://gifs.example.com")
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }, write: { $0 ?? "(the Host each request names)" }),
        "the address clients reach gif-bff at (http or https, no path), for the links of the demo media; unset, each answer links to the Host its request named")

    static let demoMediaCacheMB = Setting("GIF_BFF_DEMO_MEDIA_CACHE_MB", "--demo-media-cache-mb", \.demoMediaCacheMegabytes, .integer(0...1024),
                                          "memory kept for the demo catalogs' pictures once drawn, in MB")

    static let upstreamTimeout = Setting("GIF_BFF_UPSTREAM_TIMEOUT_SECONDS", "--upstream-timeout-seconds", \.upstreamTimeout,
                                         .seconds(allowZero: false), "total deadline of one GIPHY or Unsplash call")

    // MARK: The rules

    static let favoritesLimit = Setting("GIF_BFF_FAVORITES_LIMIT", "--favorites-limit", \.favoritesLimit, .integer(1...10_000), "most favorites kept")

    static let defaultRating = Setting("GIF_BFF_DEFAULT_RATING", "--default-rating", \.defaultRating, SettingReader(
        expected: ratingChoices, { Rating($0) }, write: { $0.rawValue }), "rating used when a search names none: \(ratingChoices)")

    static let maxRating = Setting("GIF_BFF_MAX_RATING", "--max-rating", \.maxRating, SettingReader(
        expected: ratingChoices, { Rating($0) }, write: { $0.rawValue }),
        "the most mature rating served, which no request can raise (GIPHY's GIFs and stickers; a request above it is served at it; below r, Unsplash is asked for content_filter=high): \(ratingChoices)")

    // MARK: The gateway: cache, budget, spotlight, analytics

    static let cache = Setting("GIF_BFF_CACHE", "--cache", \.gateway.cacheEnabled, .onOff,
                               "keep GIPHY answers (on or off); GIPHY's terms restrict caching to approved integrations")

    static let cacheFreshSeconds = Setting("GIF_BFF_CACHE_FRESH_SECONDS", "--cache-fresh-seconds", \.gateway.freshSeconds, .plainSeconds,
                                           "a cached answer this young is served without asking GIPHY")

    static let cacheStaleSeconds = Setting("GIF_BFF_CACHE_STALE_SECONDS", "--cache-stale-seconds", \.gateway.staleSeconds, .plainSeconds,
                                           "when GIPHY fails, a cached answer up to this old is served, marked stale")

    static let cacheMaxEntries = Setting("GIF_BFF_CACHE_MAX_ENTRIES", "--cache-max-entries", \.gateway.maxEntries, .integer(1...1_000_000),
                                         "cached answers kept at most; the least recently used go first")

    static let upstreamBudgetPerHour = Setting("GIF_BFF_UPSTREAM_BUDGET_PER_HOUR", "--upstream-budget-per-hour", \.gateway.callsPerHour,
                                               .integerOrOff(0...1_000_000, off: "0 (no budget)"),
                                               "GIPHY calls allowed per rolling hour (100 suits a beta key)")

    static let upstreamSharePercent = Setting("GIF_BFF_UPSTREAM_SHARE_PERCENT", "--upstream-share-percent", \.upstreamSharePercent,
                                              .integerOrAuto(0...100),
                                              "percent of each provider's hourly budget one client (its install, or its address without a token) may cause, at least 1 call; past it its cache misses get 429 (0: no share; auto: \(Configuration.sharePercentForStrangers) with GIF_BFF_INSTALLS=required, else 0)")

    static let upstreamSharesPerAddress = Setting("GIF_BFF_UPSTREAM_SHARES_PER_ADDRESS", "--upstream-shares-per-address",
                                                  \.gateway.sharesPerAddress, .integer(1...1_000),
                                                  "how many clients' shares (GIF_BFF_UPSTREAM_SHARE_PERCENT) the clients of one address (its installs, and its requests without a token) may cause together in a rolling hour, at most the budget; past it their cache misses get 429")

    static let spotlightMinutes = Setting("GIF_BFF_SPOTLIGHT_MINUTES", "--spotlight-minutes", \.spotlightMinutes, .minutes(upTo: 10_080),
                                          "how often GET /spotlight changes its GIF")

    static let giphyAnalytics = Setting("GIF_BFF_GIPHY_ANALYTICS", "--giphy-analytics", \.giphyAnalytics, .onOff,
                                        "send GIPHY's analytics pingbacks for POST /gif/{id}/events (on or off)")

    // MARK: The HTTP server's limits

    static let eventLoops = Setting("GIF_BFF_EVENT_LOOPS", "--event-loops", \.server.eventLoopCount, .integer(1...64),
                                    defaultText: "cores, at most 8", "event-loop threads")

    static let maxConnections = Setting("GIF_BFF_MAX_CONNECTIONS", "--max-connections", \.server.limits.maxConnections, .integer(1...1_000_000),
                                        "open connections at most (lowered to the descriptor limit less 64); then a new client takes an idle keep-alive connection's place, or gets 503")

    static let maxConnectionsPerClient = Setting("GIF_BFF_MAX_CONNECTIONS_PER_CLIENT", "--max-connections-per-client",
                                                 \.server.limits.maxConnectionsPerClient, .integer(0...1_000_000),
                                                 "open connections one client (an IPv4 address, an IPv6 /64) may hold; past it a new one gets 429 (0: no cap; GIF_BFF_TRUSTED_PROXIES are never capped)")

    static let maxRequestLineBytes = Setting("GIF_BFF_MAX_REQUEST_LINE_BYTES", "--max-request-line-bytes", \.server.limits.maxRequestLineBytes,
                                             .integer(64...1_048_576), "longest request line; longer gets 414")

    static let maxHeaderBytes = Setting("GIF_BFF_MAX_HEADER_BYTES", "--max-header-bytes", \.server.limits.maxHeaderBytes, .integer(256...1_048_576),
                                        "largest header section; larger gets 431")

    static let maxHeaderCount = Setting("GIF_BFF_MAX_HEADER_COUNT", "--max-header-count", \.server.limits.maxHeaderCount, .integer(1...10_000),
                                        "most header fields; more gets 431")

    static let maxBodyBytes = Setting("GIF_BFF_MAX_BODY_BYTES", "--max-body-bytes", \.server.limits.maxBodyBytes, .integer(0...(64 * 1_048_576)),
                                      "largest request body; larger gets 413")

    static let headTimeout = Setting("GIF_BFF_HEAD_TIMEOUT_SECONDS", "--head-timeout-seconds", \.server.limits.headTimeout,
                                     .seconds(allowZero: false), "time to send a request head; then 408")

    static let requestTimeout = Setting("GIF_BFF_REQUEST_TIMEOUT_SECONDS", "--request-timeout-seconds", \.server.limits.requestTimeout,
                                        .seconds(allowZero: false), "time to send a whole request, body included; then 408")

    static let idleTimeout = Setting("GIF_BFF_IDLE_TIMEOUT_SECONDS", "--idle-timeout-seconds", \.server.limits.idleTimeout,
                                     .seconds(allowZero: false), "idle keep-alive connections are closed after this")

    static let drain = Setting("GIF_BFF_DRAIN_SECONDS", "--drain-seconds", \.drainPeriod, .seconds(allowZero: true),
                               "on SIGTERM, how long /readyz answers 503 while every request is still served (each answer closing its connection) before the listener closes; 0: none")

    static let shutdownGrace = Setting("GIF_BFF_SHUTDOWN_GRACE_SECONDS", "--shutdown-grace-seconds", \.server.shutdownGracePeriod,
                                       .seconds(allowZero: true), "on SIGTERM, how long requests in flight may finish")

    // MARK: The operator

    static let adminToken = Setting("GIF_BFF_ADMIN_TOKEN", "--admin-token", \.adminToken, .adminToken, secret: true,
                                    "the operator's token for the admin API (/admin/..., docs/moderation.md), sent as \"Authorization: Bearer <token>\"; unset, there is no admin API (404)")

    /// "g, pg, pg-13 or r".
    private static var ratingChoices: String {
        let names = Rating.all.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    private static func isNumericAddress(_ value: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, value, &v4) == 1 || inet_pton(AF_INET6, value, &v6) == 1
    }
}

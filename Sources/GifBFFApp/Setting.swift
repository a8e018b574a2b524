import Foundation
import PostgreSQL
import Service
import GiphyClient
import Glibc
import HTTPServer
import Storage

/// One configuration setting: its environment variable, its flag, its default and how to apply a value.
public struct Setting: Sendable {
    public let environment: String
    public let flag: String
    public let defaultText: String
    public let help: String
    /// Secrets are never printed back, not even in an error.
    public let isSecret: Bool
    let apply: @Sendable (inout Configuration, String) throws(ConfigurationError) -> Void

    init(_ environment: String, _ flag: String, default defaultText: String, secret: Bool = false, _ help: String,
         apply: @escaping @Sendable (inout Configuration, String) throws(ConfigurationError) -> Void) {
        self.environment = environment
        self.flag = flag
        self.defaultText = defaultText
        self.help = help
        self.isSecret = secret
        self.apply = apply
    }

    /// The name an error message uses: both ways of giving the setting.
    var label: String { "\(environment) (\(flag))" }
}

extension Setting {
    public static let all: [Setting] = [
        Setting("GIF_BFF_HOST", "--host", default: "127.0.0.1", "address to listen on (IPv4 or IPv6; 0.0.0.0 for every interface)") { config, value throws(ConfigurationError) in
            // "localhost" is what people type; it is the IPv4 loopback here, never a name lookup.
            let host = value.lowercased() == "localhost" ? "127.0.0.1" : value
            guard isNumericAddress(host) else { throw invalid("GIF_BFF_HOST (--host)", value, "a numeric IPv4 or IPv6 address, or localhost") }
            config.server.host = host
        },
        Setting("GIF_BFF_PORT", "--port", default: "8080", "port to listen on; 0 picks a free one") { config, value throws(ConfigurationError) in
            guard let port = UInt16(value) else { throw invalid("GIF_BFF_PORT (--port)", value, "a port number 0-65535") }
            config.server.port = port
        },
        Setting("GIF_BFF_DATABASE", "--database", default: AppDatabase.defaultPath, "SQLite file for favorites and history; its folder is created") { config, value throws(ConfigurationError) in
            guard !value.isEmpty else { throw invalid("GIF_BFF_DATABASE (--database)", value, "a file path") }
            config.databasePath = value
        },
        Setting("GIF_BFF_DATABASE_URL", "--database-url", default: "(none: the SQLite file)", secret: true, "a PostgreSQL URL (postgresql://user:password@host:port/name) to keep everything in PostgreSQL, shared by every instance using it; unset, the SQLite file") { config, value throws(ConfigurationError) in
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else {
                config.databaseURL = nil
                return
            }
            switch PostgreSQLURL.parse(trimmed) {
            case .success(let url): config.databaseURL = url
            // The password is never printed.
            case .failure(let failure): throw invalid("GIF_BFF_DATABASE_URL (--database-url)", PostgreSQLURL.redact(trimmed), failure.reason)
            }
        },
        Setting("GIF_BFF_LOG_LEVEL", "--log-level", default: "info", "debug, info, warning, error or off") { config, value throws(ConfigurationError) in
            guard let level = LogLevel(name: value) else { throw invalid("GIF_BFF_LOG_LEVEL (--log-level)", value, "debug, info, warning, error or off") }
            config.logLevel = level
        },
        Setting("GIF_BFF_LOG_FORMAT", "--log-format", default: "logfmt", "logfmt or json (one JSON object per line)") { config, value throws(ConfigurationError) in
            guard let format = LogFormat(rawValue: value.lowercased()) else { throw invalid("GIF_BFF_LOG_FORMAT (--log-format)", value, "logfmt or json") }
            config.logFormat = format
        },
        Setting("GIPHY_API_KEY", "--giphy-api-key", default: "(none: demo catalog)", secret: true, "GIPHY key; without one the built-in demo catalog is served") { config, value throws(ConfigurationError) in
            // Newlines too: a key from a CRLF env file would otherwise be refused on every call.
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            config.giphyAPIKey = trimmed.isEmpty ? nil : trimmed
        },
        Setting("GIPHY_BASE_URL", "--giphy-base-url", default: GiphyClientConfiguration.defaultBaseURL.absoluteString, "GIPHY API base URL, version included") { config, value throws(ConfigurationError) in
            guard let url = URL(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw invalid("GIPHY_BASE_URL (--giphy-base-url)", value, "an http or https URL")
            }
            config.giphyBaseURL = value.hasSuffix("/") ? String(value.dropLast()) : value
        },
        Setting("UNSPLASH_ACCESS_KEY", "--unsplash-access-key", default: "(none: demo catalog)", secret: true, "Unsplash access key; without one the built-in photo demo catalog is served") { config, value throws(ConfigurationError) in
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            config.unsplashAccessKey = trimmed.isEmpty ? nil : trimmed
        },
        Setting("UNSPLASH_BASE_URL", "--unsplash-base-url", default: "https://api.unsplash.com", "Unsplash API base URL") { config, value throws(ConfigurationError) in
            guard let url = URL(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw invalid("UNSPLASH_BASE_URL (--unsplash-base-url)", value, "an http or https URL")
            }
            config.unsplashBaseURL = value.hasSuffix("/") ? String(value.dropLast()) : value
        },
        Setting("GIF_BFF_UNSPLASH_BUDGET_PER_HOUR", "--unsplash-budget-per-hour", default: "50", "Unsplash calls allowed per rolling hour (50: a demo key's limit; 0: no budget of ours); never more than Unsplash's X-Ratelimit-Remaining") { config, value throws(ConfigurationError) in
            let calls = try integer(value, "GIF_BFF_UNSPLASH_BUDGET_PER_HOUR (--unsplash-budget-per-hour)", 0...1_000_000)
            config.unsplashCallsPerHour = calls == 0 ? nil : calls
        },
        Setting("GIF_BFF_DEFAULT_PROVIDER", "--default-provider", default: "giphy", "provider of requests that name none: giphy or unsplash") { config, value throws(ConfigurationError) in
            guard let provider = ProviderName(value.lowercased()), [ProviderName.giphy, .unsplash].contains(provider) else {
                throw invalid("GIF_BFF_DEFAULT_PROVIDER (--default-provider)", value, "giphy or unsplash")
            }
            config.defaultProvider = provider
        },
        Setting("GIF_BFF_APP_NAME", "--app-name", default: "gif-bff", "your app's name, sent as utm_source on links back to Unsplash") { config, value throws(ConfigurationError) in
            guard (1...64).contains(value.utf8.count),
                  value.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }) else {
                throw invalid("GIF_BFF_APP_NAME (--app-name)", value, "1 to 64 ASCII letters, digits, '-', '_' or '.'")
            }
            config.appName = value
        },
        Setting("GIF_BFF_PUBLIC_URL", "--public-url", default: "(the Host each request names)", "the address clients reach gif-bff at (http or https, no path), for the links of the demo media; unset, each answer links to the Host its request named") { config, value throws(ConfigurationError) in
            guard let url = URL(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil,
                  ["", "/"].contains(url.path), url.query == nil, url.fragment == nil, url.user == nil else {
                throw invalid("GIF_BFF_PUBLIC_URL (--public-url)", value, "an http or https URL without a path, such as https://gifs.example.com")
            }
            config.publicURL = value.hasSuffix("/") ? String(value.dropLast()) : value
        },
        Setting("GIF_BFF_DEMO_MEDIA_CACHE_MB", "--demo-media-cache-mb", default: "32", "memory kept for the demo catalogs' pictures once drawn, in MB") { config, value throws(ConfigurationError) in
            config.demoMediaCacheMegabytes = try integer(value, "GIF_BFF_DEMO_MEDIA_CACHE_MB (--demo-media-cache-mb)", 0...1024)
        },
        Setting("GIF_BFF_UPSTREAM_TIMEOUT_SECONDS", "--upstream-timeout-seconds", default: "8", "total deadline of one GIPHY or Unsplash call") { config, value throws(ConfigurationError) in
            config.upstreamTimeout = try seconds(value, "GIF_BFF_UPSTREAM_TIMEOUT_SECONDS (--upstream-timeout-seconds)", allowZero: false)
        },
        Setting("GIF_BFF_FAVORITES_LIMIT", "--favorites-limit", default: String(FavoritesService.defaultLimit), "most favorites kept") { config, value throws(ConfigurationError) in
            config.favoritesLimit = try integer(value, "GIF_BFF_FAVORITES_LIMIT (--favorites-limit)", 1...10_000)
        },
        Setting("GIF_BFF_DEFAULT_RATING", "--default-rating", default: Rating.default.rawValue, "rating used when a search names none: \(ratingChoices)") { config, value throws(ConfigurationError) in
            guard let rating = Rating(value) else { throw invalid("GIF_BFF_DEFAULT_RATING (--default-rating)", value, ratingChoices) }
            config.defaultRating = rating
        },
        Setting("GIF_BFF_CACHE", "--cache", default: "on", "keep GIPHY answers (on or off); GIPHY's terms restrict caching to approved integrations") { config, value throws(ConfigurationError) in
            switch value.lowercased() {
            case "on", "true", "1", "yes": config.gateway.cacheEnabled = true
            case "off", "false", "0", "no": config.gateway.cacheEnabled = false
            default: throw invalid("GIF_BFF_CACHE (--cache)", value, "on or off")
            }
        },
        Setting("GIF_BFF_CACHE_FRESH_SECONDS", "--cache-fresh-seconds", default: "60", "a cached answer this young is served without asking GIPHY") { config, value throws(ConfigurationError) in
            config.gateway.freshSeconds = try plainSeconds(value, "GIF_BFF_CACHE_FRESH_SECONDS (--cache-fresh-seconds)")
        },
        Setting("GIF_BFF_CACHE_STALE_SECONDS", "--cache-stale-seconds", default: "86400", "when GIPHY fails, a cached answer up to this old is served, marked stale") { config, value throws(ConfigurationError) in
            config.gateway.staleSeconds = try plainSeconds(value, "GIF_BFF_CACHE_STALE_SECONDS (--cache-stale-seconds)")
        },
        Setting("GIF_BFF_CACHE_MAX_ENTRIES", "--cache-max-entries", default: "1000", "cached answers kept at most; the least recently used go first") { config, value throws(ConfigurationError) in
            config.gateway.maxEntries = try integer(value, "GIF_BFF_CACHE_MAX_ENTRIES (--cache-max-entries)", 1...1_000_000)
        },
        Setting("GIF_BFF_UPSTREAM_BUDGET_PER_HOUR", "--upstream-budget-per-hour", default: "0 (no budget)", "GIPHY calls allowed per rolling hour (100 suits a beta key)") { config, value throws(ConfigurationError) in
            let calls = try integer(value, "GIF_BFF_UPSTREAM_BUDGET_PER_HOUR (--upstream-budget-per-hour)", 0...1_000_000)
            config.gateway.callsPerHour = calls == 0 ? nil : calls
        },
        Setting("GIF_BFF_SPOTLIGHT_MINUTES", "--spotlight-minutes", default: "10", "how often GET /spotlight changes its GIF") { config, value throws(ConfigurationError) in
            guard let minutes = Double(value), minutes.isFinite, minutes > 0, minutes <= 10_080 else {
                throw invalid("GIF_BFF_SPOTLIGHT_MINUTES (--spotlight-minutes)", value, "minutes above 0, at most 10080")
            }
            config.spotlightMinutes = minutes
        },
        Setting("GIF_BFF_GIPHY_ANALYTICS", "--giphy-analytics", default: "on", "send GIPHY's analytics pingbacks for POST /gif/{id}/events (on or off)") { config, value throws(ConfigurationError) in
            switch value.lowercased() {
            case "on", "true", "1", "yes": config.giphyAnalytics = true
            case "off", "false", "0", "no": config.giphyAnalytics = false
            default: throw invalid("GIF_BFF_GIPHY_ANALYTICS (--giphy-analytics)", value, "on or off")
            }
        },
        Setting("GIF_BFF_EVENT_LOOPS", "--event-loops", default: "cores, at most 8", "event-loop threads") { config, value throws(ConfigurationError) in
            config.server.eventLoopCount = try integer(value, "GIF_BFF_EVENT_LOOPS (--event-loops)", 1...64)
        },
        Setting("GIF_BFF_MAX_CONNECTIONS", "--max-connections", default: "4096", "open connections at most (lowered to the descriptor limit less 64); then a new client takes an idle keep-alive connection's place, or gets 503") { config, value throws(ConfigurationError) in
            config.server.limits.maxConnections = try integer(value, "GIF_BFF_MAX_CONNECTIONS (--max-connections)", 1...1_000_000)
        },
        Setting("GIF_BFF_MAX_REQUEST_LINE_BYTES", "--max-request-line-bytes", default: "8192", "longest request line; longer gets 414") { config, value throws(ConfigurationError) in
            config.server.limits.maxRequestLineBytes = try integer(value, "GIF_BFF_MAX_REQUEST_LINE_BYTES (--max-request-line-bytes)", 64...1_048_576)
        },
        Setting("GIF_BFF_MAX_HEADER_BYTES", "--max-header-bytes", default: "32768", "largest header section; larger gets 431") { config, value throws(ConfigurationError) in
            config.server.limits.maxHeaderBytes = try integer(value, "GIF_BFF_MAX_HEADER_BYTES (--max-header-bytes)", 256...1_048_576)
        },
        Setting("GIF_BFF_MAX_HEADER_COUNT", "--max-header-count", default: "100", "most header fields; more gets 431") { config, value throws(ConfigurationError) in
            config.server.limits.maxHeaderCount = try integer(value, "GIF_BFF_MAX_HEADER_COUNT (--max-header-count)", 1...10_000)
        },
        Setting("GIF_BFF_MAX_BODY_BYTES", "--max-body-bytes", default: "1048576", "largest request body; larger gets 413") { config, value throws(ConfigurationError) in
            config.server.limits.maxBodyBytes = try integer(value, "GIF_BFF_MAX_BODY_BYTES (--max-body-bytes)", 0...(64 * 1_048_576))
        },
        Setting("GIF_BFF_HEAD_TIMEOUT_SECONDS", "--head-timeout-seconds", default: "10", "time to send a request head; then 408") { config, value throws(ConfigurationError) in
            config.server.limits.headTimeout = try seconds(value, "GIF_BFF_HEAD_TIMEOUT_SECONDS (--head-timeout-seconds)", allowZero: false)
        },
        Setting("GIF_BFF_REQUEST_TIMEOUT_SECONDS", "--request-timeout-seconds", default: "60", "time to send a whole request, body included; then 408") { config, value throws(ConfigurationError) in
            config.server.limits.requestTimeout = try seconds(value, "GIF_BFF_REQUEST_TIMEOUT_SECONDS (--request-timeout-seconds)", allowZero: false)
        },
        Setting("GIF_BFF_IDLE_TIMEOUT_SECONDS", "--idle-timeout-seconds", default: "60", "idle keep-alive connections are closed after this") { config, value throws(ConfigurationError) in
            config.server.limits.idleTimeout = try seconds(value, "GIF_BFF_IDLE_TIMEOUT_SECONDS (--idle-timeout-seconds)", allowZero: false)
        },
        Setting("GIF_BFF_SHUTDOWN_GRACE_SECONDS", "--shutdown-grace-seconds", default: "10", "on SIGTERM, how long requests in flight may finish") { config, value throws(ConfigurationError) in
            config.server.shutdownGracePeriod = try seconds(value, "GIF_BFF_SHUTDOWN_GRACE_SECONDS (--shutdown-grace-seconds)", allowZero: true)
        },
        corsOrigins,
        allowedHosts,
        installs,
        installsPerHour,
        installsPerNetworkPerHour,
        installsPerServerPerHour,
        installIdleDays,
        trustedProxies,
    ]

    /// "g, pg, pg-13 or r".
    private static var ratingChoices: String {
        let names = Rating.all.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    static func invalid(_ label: String, _ value: String, _ expected: String) -> ConfigurationError {
        .invalidValue(setting: label, value: "\"\(value)\"", expected: expected)
    }

    private static func integer(_ value: String, _ label: String, _ range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw invalid(label, value, "an integer \(range.lowerBound)-\(range.upperBound)")
        }
        return number
    }

    private static func seconds(_ value: String, _ label: String, allowZero: Bool) throws(ConfigurationError) -> Duration {
        guard let number = Double(value), number.isFinite, number >= 0, allowZero || number > 0, number <= 86_400 else {
            throw invalid(label, value, allowZero ? "seconds 0-86400" : "seconds above 0, at most 86400")
        }
        let milliseconds = Int64((number * 1000).rounded())
        // Checked after rounding: 0.0004 s would otherwise become a timeout of zero.
        guard allowZero || milliseconds > 0 else { throw invalid(label, value, "seconds, at least 0.001") }
        return .milliseconds(milliseconds)
    }

    /// Seconds as a plain number (0 allowed), for settings kept as Double.
    private static func plainSeconds(_ value: String, _ label: String) throws(ConfigurationError) -> Double {
        let duration = try seconds(value, label, allowZero: true)
        let (whole, fraction) = duration.components
        return Double(whole) + Double(fraction) / 1e18
    }

    private static func isNumericAddress(_ value: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, value, &v4) == 1 || inet_pton(AF_INET6, value, &v6) == 1
    }
}

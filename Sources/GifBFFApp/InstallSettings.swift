import API
import Service

/// The settings for installs: whether a token is required, how many installs one client may make,
/// and which proxies' X-Forwarded-For says who the client is.
extension Setting {
    static let installs = Setting(
        "GIF_BFF_INSTALLS", "--installs", default: InstallPolicy.optional.rawValue,
        "optional (a request without a token uses the one local install) or required (per-install routes answer 401 without one)"
    ) { config, value throws(ConfigurationError) in
        guard let policy = InstallPolicy(rawValue: value.lowercased()) else {
            throw invalid("GIF_BFF_INSTALLS (--installs)", value, "optional or required")
        }
        config.installPolicy = policy
    }

    static let installsPerHour = Setting(
        "GIF_BFF_INSTALLS_PER_HOUR", "--installs-per-hour", default: String(InstallService.defaultCreationsPerHour),
        "installs one client address (an IPv6 /64) may make with POST /installs per hour; 0: no limit"
    ) { config, value throws(ConfigurationError) in
        guard let count = Int(value), (0...1_000_000).contains(count) else {
            throw invalid("GIF_BFF_INSTALLS_PER_HOUR (--installs-per-hour)", value, "an integer 0-1000000")
        }
        config.installsPerHour = count == 0 ? nil : count
    }

    static let trustedProxies = Setting(
        "GIF_BFF_TRUSTED_PROXIES", "--trusted-proxies", default: TrustedProxies.defaultText,
        "proxies (addresses or CIDR ranges, comma-separated) whose X-Forwarded-For names the client; none believes no one"
    ) { config, value throws(ConfigurationError) in
        do throws(SettingValueError) {
            config.trustedProxies = try TrustedProxies(parsing: value)
        } catch {
            throw invalid("GIF_BFF_TRUSTED_PROXIES (--trusted-proxies)", value, error.expected)
        }
    }
}

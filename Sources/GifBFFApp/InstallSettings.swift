import API
import Service

/// The settings for installs: whether a token is required, how many installs one client, one
/// network and the server may make, when unused installs are deleted, and which proxies'
/// X-Forwarded-For says who the client is.
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
        "GIF_BFF_INSTALLS_PER_HOUR", "--installs-per-hour", default: String(InstallCreationLimits.defaultPerAddress),
        "installs one client address (an IPv4 address, an IPv6 /64) may make with POST /installs per hour; 0: no limit"
    ) { config, value throws(ConfigurationError) in
        config.installCreationLimits.perAddress = try perHour(value, "GIF_BFF_INSTALLS_PER_HOUR (--installs-per-hour)")
    }

    static let installsPerNetworkPerHour = Setting(
        "GIF_BFF_INSTALLS_PER_NETWORK_PER_HOUR", "--installs-per-network-per-hour", default: String(InstallCreationLimits.defaultPerNetwork),
        "installs one network (an IPv4 /24, an IPv6 /48) may make with POST /installs per hour, however many addresses; 0: no limit"
    ) { config, value throws(ConfigurationError) in
        config.installCreationLimits.perNetwork = try perHour(value, "GIF_BFF_INSTALLS_PER_NETWORK_PER_HOUR (--installs-per-network-per-hour)")
    }

    static let installsPerServerPerHour = Setting(
        "GIF_BFF_INSTALLS_PER_SERVER_PER_HOUR", "--installs-per-server-per-hour", default: String(InstallCreationLimits.defaultPerServer),
        "installs the server makes with POST /installs per hour, for all clients (each instance of a fleet counts its own); 0: no limit"
    ) { config, value throws(ConfigurationError) in
        config.installCreationLimits.perServer = try perHour(value, "GIF_BFF_INSTALLS_PER_SERVER_PER_HOUR (--installs-per-server-per-hour)")
    }

    static let installIdleDays = Setting(
        "GIF_BFF_INSTALL_IDLE_DAYS", "--install-idle-days", default: String(InstallService.defaultIdleDays),
        "installs not used for this many days are deleted with their favorites and history (checked at start and hourly); 0: never"
    ) { config, value throws(ConfigurationError) in
        guard let days = Int(value), (0...36_500).contains(days) else {
            throw invalid("GIF_BFF_INSTALL_IDLE_DAYS (--install-idle-days)", value, "an integer 0-36500")
        }
        config.installIdleDays = days == 0 ? nil : days
    }

    /// Installs per hour, 0 for no limit (nil).
    private static func perHour(_ value: String, _ label: String) throws(ConfigurationError) -> Int? {
        guard let count = Int(value), (0...1_000_000).contains(count) else {
            throw invalid(label, value, "an integer 0-1000000")
        }
        return count == 0 ? nil : count
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

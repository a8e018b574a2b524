import API
import Service
import Model

/// The settings for installs: whether a token is required, how many installs one client, one
/// network and the server may make, what share of the server's one network (and one block) may
/// hold, when unused installs are deleted, and which proxies' X-Forwarded-For says who the client is.
extension Setting {
    static let installs = Setting("GIF_BFF_INSTALLS", "--installs", \.installPolicy, .named("optional or required"),
        "optional (a request without a token uses the one local install) or required (per-install routes answer 401 without one)")

    static let installsPerHour = Setting("GIF_BFF_INSTALLS_PER_HOUR", "--installs-per-hour", \.installCreationLimits.perAddress, perHour,
        "installs one client address (an IPv4 address, an IPv6 /64) may make with POST /installs per hour; 0: no limit")

    static let installsPerNetworkPerHour = Setting("GIF_BFF_INSTALLS_PER_NETWORK_PER_HOUR", "--installs-per-network-per-hour",
                                                   \.installCreationLimits.perNetwork, perHour,
        "installs one network (an IPv4 /24, an IPv6 /48) may make with POST /installs per hour, however many addresses; 0: no limit")

    static let installsPerServerPerHour = Setting("GIF_BFF_INSTALLS_PER_SERVER_PER_HOUR", "--installs-per-server-per-hour",
                                                  \.installCreationLimits.perServer, perHour,
        "installs the server makes with POST /installs per hour, for all clients (each instance of a fleet counts its own); 0: no limit")

    static let installsNetworkSharePercent = Setting("GIF_BFF_INSTALLS_NETWORK_SHARE_PERCENT", "--installs-network-share-percent",
                                                     \.installCreationLimits.networkSharePercent, sharePercent,
        "percent of the installs the server has left this hour that one network (an IPv4 /24, an IPv6 /48) may have made in "
            + "about the last hour, so a few networks cannot spend the server's for everyone; 0: no share")

    static let installsBlockSharePercent = Setting("GIF_BFF_INSTALLS_BLOCK_SHARE_PERCENT", "--installs-block-share-percent",
                                                   \.installCreationLimits.blockSharePercent, sharePercent,
        "as GIF_BFF_INSTALLS_NETWORK_SHARE_PERCENT, for one block of networks (an IPv4 /16, an IPv6 /32); 0: no share")

    static let installIdleDays = Setting("GIF_BFF_INSTALL_IDLE_DAYS", "--install-idle-days", \.installIdleDays,
                                         .integerOrOff(0...36_500, off: "0"),
        "installs not used for this many days are deleted with their favorites and history (checked at start and hourly); 0: never")

    /// Installs per hour, 0 for no limit.
    private static let perHour = SettingReader<Int?>.integerOrOff(0...1_000_000, off: "0")

    /// A percent of the server's installs left, 0 for no share.
    private static let sharePercent = SettingReader<Int?>.integerOrOff(0...100, off: "0")

    static let trustedProxies = Setting("GIF_BFF_TRUSTED_PROXIES", "--trusted-proxies", \.trustedProxies,
                                        .list({ text throws(SettingValueError) in try TrustedProxies(parsing: text) }, write: \.text),
        "proxies (addresses or CIDR ranges, comma-separated) whose X-Forwarded-For names the client; none believes no one")
}

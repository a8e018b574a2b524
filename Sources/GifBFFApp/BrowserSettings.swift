import API

/// The settings for browser clients: which origins may call (CORS) and which Host names are answered.
extension Setting {
    static let corsOrigins = Setting(
        "GIF_BFF_CORS_ORIGINS", "--cors-origins", default: CORSPolicy.defaultText,
        "origins allowed to call from a browser, comma-separated (port * = any); * allows every origin (unsafe with a published port)"
    ) { config, value throws(ConfigurationError) in
        do throws(SettingValueError) {
            config.corsOrigins = try CORSPolicy(parsing: value)
        } catch {
            throw invalid("GIF_BFF_CORS_ORIGINS (--cors-origins)", value, error.expected)
        }
    }

    static let allowedHosts = Setting(
        "GIF_BFF_ALLOWED_HOSTS", "--allowed-hosts", default: HostAllowlist.defaultText,
        "Host names answered (any port), comma-separated; others get 421; * accepts any; the --host address is always added"
    ) { config, value throws(ConfigurationError) in
        do throws(SettingValueError) {
            config.allowedHosts = try HostAllowlist(parsing: value)
        } catch {
            throw invalid("GIF_BFF_ALLOWED_HOSTS (--allowed-hosts)", value, error.expected)
        }
    }
}

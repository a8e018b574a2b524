import API

/// The settings for browser clients: which origins may call (CORS) and which Host names are answered.
extension Setting {
    static let corsOrigins = Setting("GIF_BFF_CORS_ORIGINS", "--cors-origins", \.corsOrigins,
                                     .list({ text throws(SettingValueError) in try CORSPolicy(parsing: text) }, write: \.text),
        "origins allowed to call from a browser, comma-separated (port * = any); * allows every origin (unsafe with a published port)")

    static let allowedHosts = Setting("GIF_BFF_ALLOWED_HOSTS", "--allowed-hosts", \.allowedHosts,
                                      .list({ text throws(SettingValueError) in try HostAllowlist(parsing: text) },
                                            write: { $0.text + " and the --host address" }),
        "Host names answered (any port), comma-separated; others get 421; * accepts any; the --host address is always added")
}

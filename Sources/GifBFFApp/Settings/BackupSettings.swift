import API

/// Snapshots of the SQLite file while the server runs (`DatabaseSnapshots`), and the secrets
/// that can be read from files instead of the environment.
extension Setting {
    static let backupFolder = Setting("GIF_BFF_BACKUP_DIR", "--backup-dir", \.backupFolder, SettingReader(
        read: { text in text.isEmpty ? nil : text }, write: { $0 ?? "(none: no backups)" }),
        "folder for consistent snapshots of the SQLite file, taken while it runs (every GIF_BFF_BACKUP_INTERVAL_MINUTES and on SIGUSR1); empty: none")

    static let backupIntervalMinutes = Setting("GIF_BFF_BACKUP_INTERVAL_MINUTES", "--backup-interval-minutes", \.backupIntervalMinutes,
                                               .minutes(upTo: 10_080), "how often a snapshot is taken into GIF_BFF_BACKUP_DIR")

    static let backupKeep = Setting("GIF_BFF_BACKUP_KEEP", "--backup-keep", \.backupKeep, .integer(1...10_000),
                                    "snapshots kept in GIF_BFF_BACKUP_DIR; the oldest beyond are deleted")

    /// What only the SQLite file has: refused with GIF_BFF_DATABASE_URL.
    static let sqliteOnly = [backupFolder, backupIntervalMinutes, backupKeep]

    static let giphyAPIKeyFile = Setting(fileOf: giphyAPIKey, "GIPHY_API_KEY_FILE", "--giphy-api-key-file")

    static let unsplashAccessKeyFile = Setting(fileOf: unsplashAccessKey, "UNSPLASH_ACCESS_KEY_FILE", "--unsplash-access-key-file")

    static let klipyAPIKeyFile = Setting(fileOf: klipyAPIKey, "KLIPY_API_KEY_FILE", "--klipy-api-key-file")

    static let databaseURLFile = Setting(fileOf: databaseURL, "GIF_BFF_DATABASE_URL_FILE", "--database-url-file")

    static let adminTokenFile = Setting(fileOf: adminToken, "GIF_BFF_ADMIN_TOKEN_FILE", "--admin-token-file")
}

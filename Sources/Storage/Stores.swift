import PostgreSQL
import Service
import SQLite

/// Every store gif-bff keeps, built on one database, SQLite's file or a PostgreSQL server: the
/// one place that wires Service's store protocols to tables. The rest of the program sees the
/// protocols only, so both databases keep one copy of every rule.
public struct Stores: Sendable {
    public let favorites: any FavoritesStore
    public let searchHistory: any SearchHistoryStore
    public let responseCache: any ResponseCacheStore
    public let spotlight: any SpotlightStore
    public let installIdentity: any InstallIdentityStore
    public let installs: any InstallStore
    private let callLogs: @Sendable (String) -> any UpstreamCallLog
    private let closing: @Sendable () async -> Void

    /// The stores of an opened SQLite database.
    public init(database: DatabasePool) {
        favorites = FavoritesRepository(database: database)
        searchHistory = SearchHistoryRepository(database: database)
        responseCache = ResponseCacheRepository(database: database)
        spotlight = SpotlightRepository(database: database)
        installIdentity = InstallIdentityRepository(database: database)
        installs = InstallRepository(database: database)
        callLogs = { UpstreamCallRepository(database: database, provider: $0) }
        closing = { await database.close() }
    }

    /// The stores of a PostgreSQL database, whose listener hears the other instances' changes.
    init(pool: PGPool, listener: PGListener, favoriteChanges: Announcements, installDeletions: Announcements) {
        favorites = PGFavoritesRepository(pool: pool, announcements: favoriteChanges)
        searchHistory = PGSearchHistoryRepository(pool: pool)
        responseCache = PGResponseCacheRepository(pool: pool)
        spotlight = PGSpotlightRepository(pool: pool)
        installIdentity = PGInstallIdentityRepository(pool: pool)
        installs = PGInstallRepository(pool: pool, deletions: installDeletions)
        callLogs = { PGUpstreamCallRepository(pool: pool, provider: $0) }
        closing = {
            listener.stop()
            await pool.close()
        }
    }

    /// Opens (creating and migrating as needed) the SQLite database at `path` and builds every store on it.
    public static func open(path: String, options: Database.Options = Database.Options()) throws(StorageOpenError) -> Stores {
        Stores(database: try AppDatabase.open(path: path, options: options))
    }

    /// The call log of one provider's budget.
    public func callLog(for provider: String) -> any UpstreamCallLog {
        callLogs(provider)
    }

    /// GIPHY's call log.
    public var callLog: any UpstreamCallLog { callLogs("giphy") }

    /// Closes the database, for a clean shutdown; every store fails afterwards.
    public func close() async {
        await closing()
    }
}

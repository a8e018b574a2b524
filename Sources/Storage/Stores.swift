import Service
import SQLite

/// Every store gif-bff keeps in its database, built on one opened database: the one place
/// that wires Service's store protocols to tables.
public struct Stores: Sendable {
    public let favorites: FavoritesRepository
    public let searchHistory: SearchHistoryRepository
    public let responseCache: ResponseCacheRepository
    public let callLog: UpstreamCallRepository
    public let spotlight: SpotlightRepository
    public let installIdentity: InstallIdentityRepository
    public let installs: InstallRepository
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
        favorites = FavoritesRepository(database: database)
        searchHistory = SearchHistoryRepository(database: database)
        responseCache = ResponseCacheRepository(database: database)
        callLog = UpstreamCallRepository(database: database)
        spotlight = SpotlightRepository(database: database)
        installIdentity = InstallIdentityRepository(database: database)
        installs = InstallRepository(database: database)
    }

    /// Opens (creating and migrating as needed) the database at `path` and builds every store on it.
    public static func open(path: String, options: Database.Options = Database.Options()) throws(StorageOpenError) -> Stores {
        Stores(database: try AppDatabase.open(path: path, options: options))
    }

    /// The call log of one provider's budget (GIPHY's is `callLog`).
    public func callLog(for provider: String) -> UpstreamCallRepository {
        UpstreamCallRepository(database: database, provider: provider)
    }

    /// Closes the database, for a clean shutdown; every store fails afterwards.
    public func close() async {
        await database.close()
    }
}

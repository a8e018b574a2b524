import Gateway
import PostgreSQL
import Service
import Model
import SQLite

/// Every store gif-bff keeps, built on one database, SQLite's file or a PostgreSQL server: the
/// one place that wires Service's store protocols to tables. The rest of the program sees the
/// protocols only, so both databases keep one copy of every rule; each store is written once
/// over either (`StoreDatabase`), so they keep one copy of every statement too.
package struct Stores: Sendable {
    package let favorites: any FavoritesStore
    package let searchHistory: any SearchHistoryStore
    package let responseCache: any ResponseCacheStore
    package let spotlight: any SpotlightStore
    package let installIdentity: any InstallIdentityStore
    package let installs: any InstallStore
    package let portability: any PortabilityStore
    package let installDevices: any InstallDeviceStore
    package let moderation: any ModerationStore
    private let callLogs: @Sendable (String) -> any UpstreamCallLog
    private let closing: @Sendable () async -> Void
    /// The PostgreSQL server reached at start-up (`host:port`, of several the writable one); nil on SQLite.
    package let databaseServer: String?
    /// One trivial read, to tell whether the database answers (`/readyz`).
    private let probing: @Sendable () async throws -> Void

    /// The stores of an opened SQLite database.
    package init(database: DatabasePool) {
        favorites = SQLiteFavorites(database: database)
        searchHistory = SQLiteSearchHistory(database: database)
        responseCache = SQLiteResponseCache(database: database)
        spotlight = SQLiteSpotlight(database: database)
        installIdentity = SQLiteInstallIdentities(database: database)
        installs = SQLiteInstalls(database: database)
        portability = SQLitePortability(database: database)
        installDevices = SQLiteInstallDevices(database: database)
        moderation = SQLiteModeration(database: database)
        callLogs = { SQLiteCallLog(database: database, provider: $0) }
        closing = { await database.close() }
        databaseServer = nil
        // The read answers from the open file even once it is deleted or replaced: not ready then.
        probing = {
            try await database.storeRead { connection in
                if connection.database.fileHasMoved { throw DatabaseFileMoved() }
                _ = try connection.queryFirst("SELECT 1")
            }
        }
    }

    /// The stores of a PostgreSQL database, whose listener hears the other instances' changes.
    init(pool: PGPool, listener: PGListener, favoriteChanges: Announcements, installDeletions: Announcements, blockChanges: Announcements,
         server: String? = nil) {
        self.init(PGStoreDatabase(pool: pool, favoriteChanges: favoriteChanges, installDeletions: installDeletions,
                                  blockChanges: blockChanges), server: server) {
            listener.stop()
            await pool.close()
        }
    }

    /// The stores of a PostgreSQL database; `closing` closes what is under it.
    init(_ database: PGStoreDatabase, server: String? = nil, closing: @escaping @Sendable () async -> Void) {
        favorites = PGFavorites(database: database)
        searchHistory = PGSearchHistory(database: database)
        responseCache = PGResponseCache(database: database)
        spotlight = PGSpotlight(database: database)
        installIdentity = PGInstallIdentities(database: database)
        installs = PGInstalls(database: database)
        portability = PGPortability(database: database)
        installDevices = PGInstallDevices(database: database)
        moderation = PGModeration(database: database)
        callLogs = { PGCallLog(database: database, provider: $0) }
        self.closing = closing
        databaseServer = server
        // Ready only on a server that takes writes: a standby not yet promoted is not enough.
        probing = {
            let writable: Bool
            do {
                writable = try await database.pool.withConnection { try $0.isWritable() }
            } catch let error as PostgreSQLError where error.sqlState == PostgreSQLError.readOnly {
                writable = false
            } catch let error as PostgreSQLError {
                throw PGStoreDatabase.storeFailure(for: error) ?? error
            }
            guard writable else { throw DatabaseTakesNoWrites() }
        }
    }

    /// Opens (creating and migrating as needed) the SQLite database at `path` and builds every store
    /// on it; `madePrivate` hears of each of its files that was readable by others (`AppDatabase.open`).
    package static func open(path: String, options: Database.Options = Database.Options(),
                             madePrivate: @escaping @Sendable ([PrivateFiles.Change]) -> Void = { _ in }) throws(StorageOpenError) -> Stores {
        Stores(database: try AppDatabase.open(path: path, options: options, madePrivate: madePrivate))
    }

    /// The call log of one provider's budget.
    package func callLog(for provider: String) -> any UpstreamCallLog {
        callLogs(provider)
    }

    /// GIPHY's call log.
    package var callLog: any UpstreamCallLog { callLogs("giphy") }

    /// Nil when the database answers a read now; else why not, without the failure's text (which may
    /// name the server): busy or not answering.
    package func unreachableReason() async -> String? {
        do {
            try await probing()
            return nil
        } catch StoreFailure.busy {
            return "the database is busy."
        } catch is DatabaseTakesNoWrites {
            return "the database takes no writes (a standby, or read-only); ready again once a server that does answers."
        } catch is DatabaseFileMoved {
            return "the database file was deleted or replaced under the running server; "
                + "ready again once writes have moved it to the file now at its path (a copy put there, or a new empty one)."
        } catch {
            return "the database does not answer."
        }
    }

    /// Closes the database, for a clean shutdown; every store fails afterwards.
    package func close() async {
        await closing()
    }
}

/// The SQLite file the server has open is no longer the one at its path (deleted or replaced).
private struct DatabaseFileMoved: Error {}

/// The PostgreSQL server answers, but takes no writes.
private struct DatabaseTakesNoWrites: Error {}

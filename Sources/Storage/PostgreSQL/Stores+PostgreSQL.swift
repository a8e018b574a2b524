import Dispatch
import PostgreSQL
import Service
import Model

extension Stores {
    /// Connects to PostgreSQL at `url`, migrates it (once, whichever instance comes first: the
    /// migrator holds an advisory lock) and builds every store on a pool of `poolSize` connections.
    /// Throws `StorageOpenError` (its path the URL without its password) when the server cannot be
    /// reached or refuses, or its schema is newer than this program's.
    package static func open(url: PostgreSQLURL, poolSize: Int = 8) throws(StorageOpenError) -> Stores {
        let server: String
        do {
            let connection = try PGConnection(url: url.text)
            server = connection.server
            try PGSchema.migrator.migrate(connection)
        } catch let error as PGMigrator.TooNew {
            throw .schemaTooNew(path: url.redacted, found: error.found, latestKnown: error.latestKnown)
        } catch let error as PostgreSQLError {
            throw .failed(path: url.redacted, reason: error.message)
        } catch {
            throw .failed(path: url.redacted, reason: String(describing: error))
        }
        var settings = PGPool.Settings()
        settings.size = poolSize
        let pool = PGPool(url: url, settings: settings)
        let favoriteChanges = Announcements(), installDeletions = Announcements()
        let ready = DispatchSemaphore(value: 0)
        // A lost listening connection may have missed announcements: counted as one of each.
        let listener = PGListener(url: url, channels: [PGSchema.favoritesChannel, PGSchema.installsChannel],
                                  received: { channel, _ in
                                      (channel == PGSchema.installsChannel ? installDeletions : favoriteChanges).hear()
                                  },
                                  resumed: {
                                      favoriteChanges.hear()
                                      installDeletions.hear()
                                  },
                                  listening: { ready.signal() })
        // Listening before anything is read: a change made meanwhile would otherwise go unheard.
        // A listener not ready in time (the server slow) counts as a change heard, at worst a read more.
        if ready.wait(timeout: .now() + 5) == .timedOut {
            favoriteChanges.hear()
            installDeletions.hear()
        }
        return Stores(pool: pool, listener: listener, favoriteChanges: favoriteChanges, installDeletions: installDeletions,
                      server: server)
    }
}

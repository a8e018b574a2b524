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
            // target_session_attrs=any (or one host) may land on a standby: said plainly.
            guard try connection.isWritable() else { throw PostgreSQLError.readOnlyServer(server) }
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
        let favoriteChanges = Announcements(), installDeletions = Announcements(), blockChanges = Announcements()
        let ready = DispatchSemaphore(value: 0)
        // While nobody listens (not yet, or the connection lost until LISTEN again, as across a
        // failover), nothing read is trusted (see `Announcements`); once listening again, what was
        // missed meanwhile counts as a change of each kind (the blocks are read again).
        let listener = PGListener(url: url, channels: [PGSchema.favoritesChannel, PGSchema.installsChannel, PGSchema.blocksChannel],
                                  received: { channel, _ in
                                      switch channel {
                                      case PGSchema.installsChannel: installDeletions.hear()
                                      case PGSchema.blocksChannel: blockChanges.hear()
                                      default: favoriteChanges.hear()
                                      }
                                  },
                                  resumed: {
                                      favoriteChanges.listening()
                                      installDeletions.listening()
                                      blockChanges.listening()
                                  },
                                  listening: {
                                      favoriteChanges.listening()
                                      installDeletions.listening()
                                      blockChanges.listening()
                                      ready.signal()
                                  },
                                  lost: {
                                      favoriteChanges.deafened()
                                      installDeletions.deafened()
                                      blockChanges.deafened()
                                  })
        // Listening before anything is read, or else every read goes to the server until it does.
        _ = ready.wait(timeout: .now() + 5)
        return Stores(pool: pool, listener: listener, favoriteChanges: favoriteChanges, installDeletions: installDeletions,
                      blockChanges: blockChanges, server: server)
    }
}

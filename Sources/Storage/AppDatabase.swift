import Foundation
import SQLite

/// Opening gif-bff's database: where it is, creating its folder, migrating it, and turning
/// every failure into a `StorageOpenError`.
package enum AppDatabase {
    /// Where the database is when no setting says otherwise (relative to the working directory).
    package static let defaultPath = "gif-bff.sqlite3"

    /// How the server opens it: through `ExclusiveVFS`. gif-bff is the only program that uses its
    /// database while it runs, so the WAL index lives in its heap (no memory-mapped -shm file,
    /// whose loss, made unwritable say, would kill the process with SIGBUS) and no other process
    /// can open the file meanwhile; its read connection reads while its write connection writes.
    package static var serverOptions: Database.Options {
        var options = Database.Options()
        options.vfs = ExclusiveVFS.name
        return options
    }

    /// Opens (creating if needed) the database at `path`, migrated to the latest schema, as a
    /// write connection and a read connection. Through `ExclusiveVFS` (the server's way), a file
    /// deleted or replaced while open is followed: writes, then reads, go to the file then at
    /// the path, or a new one.
    package static func open(path: String, options: Database.Options = Database.Options()) throws(StorageOpenError) -> DatabasePool {
        let writer = try openMigrated(path: path, options: options)
        let readerOptions = readOnly(options)
        let reader = try openReader(path: path, options: readerOptions)
        guard options.vfs == ExclusiveVFS.name else {
            return DatabasePool(writer: writer, reader: reader)
        }
        return DatabasePool(writer: writer, reader: reader, reopening: DatabasePool.Reopening(
            writer: { try openMigrated(path: path, options: options) },
            reader: { try openReader(path: path, options: readerOptions) }))
    }

    private static func readOnly(_ options: Database.Options) -> Database.Options {
        var readerOptions = options
        readerOptions.queryOnly = true
        return readerOptions
    }

    private static func openReader(path: String, options: Database.Options) throws(StorageOpenError) -> Database {
        do {
            return try Database(path: path, options: options)
        } catch {
            throw openError(error, path: path)
        }
    }

    /// One connection to the file at `path` (and its folder) created if missing, migrated.
    private static func openMigrated(path: String, options: Database.Options) throws(StorageOpenError) -> Database {
        try createParentFolder(of: path)
        let database: Database
        do {
            database = try Database(path: path, options: options)
        } catch {
            throw openError(error, path: path)
        }
        let found = (try? database.userVersion()) ?? 0
        do {
            try Schema.migrator.migrate(database)
        } catch let error as SQLiteError {
            throw upgradeError(error, path: path, found: found)
        } catch let error as SchemaTooNewError {
            throw .schemaTooNew(path: path, found: error.found, latestKnown: error.latestKnown)
        } catch {
            throw .failed(path: path, reason: String(describing: error))
        }
        return database
    }

    private static func createParentFolder(of path: String) throws(StorageOpenError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue {
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: path, reason: "cannot create its folder \(folder.path)")
        }
    }

    /// A step that failed for its own reason (not the disk, not another process's lock).
    private static func upgradeError(_ error: SQLiteError, path: String, found: Int) -> StorageOpenError {
        let opening = openError(error, path: path)
        guard case .failed = opening, error.primaryCode != ResultCode.busy, error.primaryCode != ResultCode.locked else {
            return opening
        }
        return .upgradeFailed(path: path, found: found, latest: Schema.migrator.latestVersion, reason: error.message)
    }

    private static func openError(_ error: SQLiteError, path: String) -> StorageOpenError {
        switch error.primaryCode {
        case ResultCode.notADatabase:
            return .notADatabase(path: path)
        case ResultCode.cannotOpen, ResultCode.readOnly, ResultCode.permission, ResultCode.ioError, ResultCode.full:
            return .cannotWrite(path: path, reason: error.message)
        default:
            return .failed(path: path, reason: error.message)
        }
    }
}

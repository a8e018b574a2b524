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
    /// the path, or a new one. The file and its side files are the server's user's alone
    /// (`makePrivate`); `madePrivate` hears of each one that was readable by others.
    package static func open(path: String, options: Database.Options = Database.Options(),
                             madePrivate: @escaping @Sendable ([PrivateFiles.Change]) -> Void = { _ in }) throws(StorageOpenError) -> DatabasePool {
        let writer = try openMigrated(path: path, options: options, madePrivate: madePrivate)
        let readerOptions = readOnly(options)
        let reader = try openReader(path: path, options: readerOptions)
        guard options.vfs == ExclusiveVFS.name else {
            return DatabasePool(writer: writer, reader: reader)
        }
        return DatabasePool(writer: writer, reader: reader, reopening: DatabasePool.Reopening(
            writer: { try openMigrated(path: path, options: options, madePrivate: madePrivate) },
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

    /// The file's side files: SQLite's WAL, rollback journal and shared-memory index.
    static let sideFileSuffixes = ["-wal", "-journal", "-shm"]

    /// Takes the group's and others' bits off the database file and its side files, if any are
    /// there (a file made by an older gif-bff, or copied in): what was changed. On a new file there
    /// is nothing to do: it is created 0600 (`openMigrated`), and SQLite creates each side file
    /// with its database file's mode.
    static func makePrivate(path: String) -> [PrivateFiles.Change] {
        guard isFilePath(path) else { return [] }
        return ([""] + sideFileSuffixes).compactMap { PrivateFiles.makePrivate(path + $0) }
    }

    /// False for an in-memory database or a URI, which name no file of ours.
    private static func isFilePath(_ path: String) -> Bool {
        !path.isEmpty && path != ":memory:" && !path.hasPrefix("file:")
    }

    /// One connection to the file at `path` (and its folder) created if missing, migrated. A file
    /// it creates is the server's user's alone from the start; one it finds is made so once SQLite
    /// has opened it as a database (a path set by mistake, to a file that is not one, is left as
    /// it was), its WAL then too.
    private static func openMigrated(path: String, options: Database.Options,
                                     madePrivate: @Sendable ([PrivateFiles.Change]) -> Void) throws(StorageOpenError) -> Database {
        try createParentFolder(of: path)
        if isFilePath(path) { PrivateFiles.createFile(at: path) }
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
        let changes = makePrivate(path: path)
        if !changes.isEmpty { madePrivate(changes) }
        return database
    }

    /// A folder it creates is 0700; one that exists is left as it is (it may be shared: /var/lib).
    private static func createParentFolder(of path: String) throws(StorageOpenError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard PrivateFiles.createFolder(at: folder.path) else {
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

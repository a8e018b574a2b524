import Foundation
import SQLite

/// Opening gif-bff's database: where it is, creating its folder, migrating it, and turning
/// every failure into a `StorageOpenError`.
public enum AppDatabase {
    public static let environmentVariable = "GIF_BFF_DATABASE"
    public static let defaultPath = "gif-bff.sqlite3"

    /// The path from the environment, else the default (relative to the working directory).
    /// A `--database` flag, when given, takes precedence and is the caller's to read.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        guard let path = environment[environmentVariable], !path.isEmpty else { return defaultPath }
        return path
    }

    /// Opens (creating if needed) the database at `path`, migrated to the latest schema.
    public static func open(path: String) throws(StorageOpenError) -> DatabaseActor {
        try createParentFolder(of: path)
        let database: Database
        do {
            database = try Database(path: path)
        } catch {
            throw openError(error, path: path)
        }
        do {
            try Schema.migrator.migrate(database)
        } catch let error as SQLiteError {
            throw openError(error, path: path)
        } catch let error as SchemaTooNewError {
            throw .schemaTooNew(path: path, found: error.found, latestKnown: error.latestKnown)
        } catch {
            throw .failed(path: path, reason: String(describing: error))
        }
        return DatabaseActor(database)
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

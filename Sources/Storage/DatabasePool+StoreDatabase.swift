import Foundation
import Service
import Model
import SQLite

/// SQLite's file under the stores: reads on the read connection, writes in a BEGIN IMMEDIATE
/// transaction on the write connection. No other process opens the file while the server runs
/// (`unix-excl`), so nothing is shared or announced.
extension DatabasePool: StoreDatabase {
    func storeRead<T: Sendable>(_ body: @Sendable (SQLiteStoreConnection) throws -> T) async throws -> T {
        try await reportingStoreFailures { try await read { database in try body(SQLiteStoreConnection(database: database)) } }
    }

    @discardableResult
    func storeWrite<T: Sendable>(_ body: @Sendable (SQLiteStoreConnection) throws -> T) async throws -> T {
        try await reportingStoreFailures { try await write { database in try body(SQLiteStoreConnection(database: database)) } }
    }

    var isShared: Bool { false }

    /// The file was deleted or replaced while running, and a new one opened.
    var favoriteReplacements: Int { replacements }

    var installDeletionsElsewhere: Int { 0 }

    func observeBlockChanges(_ heard: @escaping @Sendable () -> Void) {}

    private func reportingStoreFailures<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SQLiteError {
            throw Self.storeFailure(for: error) ?? error
        }
    }

    /// The SQLite failures whose cause is the machine, not the program:
    /// BUSY and LOCKED (any extended code) mean another connection or process holds the lock,
    /// worth a retry soon; FULL means the disk (or the size limit) is full; an I/O error, a file
    /// that cannot be opened or became read-only (DBMOVED: deleted or replaced) mean writes cannot
    /// be kept. Anything else is a bug and stays an `SQLiteError`.
    static func storeFailure(for error: SQLiteError) -> StoreFailure? {
        switch error.primaryCode {
        case ResultCode.busy, ResultCode.locked:
            return .busy(retryAfterSeconds: 1)
        case ResultCode.full:
            return .full
        case ResultCode.ioError, ResultCode.cannotOpen, ResultCode.readOnly:
            return .unavailable(reason: error.message)
        default:
            return nil
        }
    }
}

// Each store on SQLite's file (see `Repository`).
struct SQLiteFavorites: FavoritesRepository { let database: DatabasePool }
struct SQLiteSearchHistory: SearchHistoryRepository { let database: DatabasePool }
struct SQLiteResponseCache: ResponseCacheRepository { let database: DatabasePool }
struct SQLiteSpotlight: SpotlightRepository { let database: DatabasePool }
struct SQLiteInstallIdentities: InstallIdentityRepository { let database: DatabasePool }
struct SQLiteInstalls: InstallRepository { let database: DatabasePool }
struct SQLitePortability: PortabilityRepository { let database: DatabasePool }
struct SQLiteInstallDevices: InstallDeviceRepository { let database: DatabasePool }
struct SQLiteModeration: ModerationRepository { let database: DatabasePool }
struct SQLiteCallLog: UpstreamCallRepository { let database: DatabasePool, provider: String }

/// A connection of the pool: statements in SQLite's dialect, run through its statement cache.
struct SQLiteStoreConnection: StoreConnection {
    typealias Dialect = SQLiteDialect

    let database: Database

    func query(_ statement: SQLStatement<SQLiteDialect>) throws -> [Row] {
        try database.query(statement.sql, statement.arguments)
    }

    func queryFirst(_ statement: SQLStatement<SQLiteDialect>) throws -> Row? {
        try database.queryFirst(statement.sql, statement.arguments)
    }

    @discardableResult
    func execute(_ statement: SQLStatement<SQLiteDialect>) throws -> Int {
        try database.execute(statement.sql, statement.arguments)
        return database.changes
    }

    func lockUntilCommit(named name: String) {}

    func announce(_ change: StoreChange, of install: InstallID) {}

    func announceBlocksChanged() {}
}

extension Row: SQLRow {
    func int64(at column: Int) throws(SQLiteError) -> Int64 { try integer(at: column) }

    func bytes(at column: Int) throws(SQLiteError) -> Data { try blob(at: column) }

    /// Any value but a blob (NULL, or text written by hand) reads as none.
    func optionalBytes(at column: Int) throws(SQLiteError) -> Data? {
        guard case .blob(let bytes) = try value(at: column) else { return nil }
        return bytes
    }

    func isNull(at column: Int) -> Bool {
        !values.indices.contains(column) || values[column] == .null
    }
}

import Foundation
import PostgreSQL
import Service
import Model

/// A PostgreSQL server under the stores, shared by every instance of a fleet: reads and
/// transactions on the pool's connections, and what this instance heard announced (LISTEN) of
/// the others' changes.
struct PGStoreDatabase: StoreDatabase {
    let pool: PGPool
    let favoriteChanges: Announcements
    let installDeletions: Announcements
    let blockChanges: Announcements

    func storeRead<T: Sendable>(_ body: @Sendable (PGStoreConnection) throws -> T) async throws -> T {
        try await reportingStoreFailures { try await pool.withConnection { connection in try body(PGStoreConnection(connection: connection)) } }
    }

    @discardableResult
    func storeWrite<T: Sendable>(_ body: @Sendable (PGStoreConnection) throws -> T) async throws -> T {
        try await reportingStoreFailures { try await pool.transaction { connection in try body(PGStoreConnection(connection: connection)) } }
    }

    var isShared: Bool { true }

    /// Changes announced by any instance, this one's included (its memory is then read again
    /// once: harmless).
    var favoriteReplacements: Int { favoriteChanges.heard }

    /// Deletions announced by any instance, this one's included (its tokens' hashes are then read
    /// again once: harmless).
    var installDeletionsElsewhere: Int { installDeletions.heard }

    func observeBlockChanges(_ heard: @escaping @Sendable () -> Void) {
        blockChanges.observe(heard)
    }

    private func reportingStoreFailures<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PostgreSQLError {
            throw Self.storeFailure(for: error) ?? error
        }
    }

    /// The server gone or going (the pool fails at once while it is: a quick 503 with
    /// Retry-After, never a hang), a lock or statement timeout (busy), a full disk. Anything
    /// else is a bug and stays a `PostgreSQLError`.
    static func storeFailure(for error: PostgreSQLError) -> StoreFailure? {
        if error.isConnectionLost { return .unavailable(reason: error.message) }
        switch error.sqlState {
        case "40001", "40P01", "55P03", "57014": return .busy(retryAfterSeconds: 1)
        case "53100": return .full
        case let state? where state.hasPrefix("53") || state.hasPrefix("58"): return .unavailable(reason: error.message)
        default: return nil
        }
    }
}

// Each store on PostgreSQL (see `Repository`).
struct PGFavorites: FavoritesRepository { let database: PGStoreDatabase }
struct PGSearchHistory: SearchHistoryRepository { let database: PGStoreDatabase }
struct PGResponseCache: ResponseCacheRepository { let database: PGStoreDatabase }
struct PGSpotlight: SpotlightRepository { let database: PGStoreDatabase }
struct PGInstallIdentities: InstallIdentityRepository { let database: PGStoreDatabase }
struct PGInstalls: InstallRepository { let database: PGStoreDatabase }
struct PGPortability: PortabilityRepository { let database: PGStoreDatabase }
struct PGInstallDevices: InstallDeviceRepository { let database: PGStoreDatabase }
struct PGModeration: ModerationRepository { let database: PGStoreDatabase }
struct PGCallLog: UpstreamCallRepository { let database: PGStoreDatabase, provider: String }

/// A connection of the pool: statements in PostgreSQL's dialect, each prepared once on the
/// connection (by its text).
struct PGStoreConnection: StoreConnection {
    typealias Dialect = PostgreSQLDialect

    let connection: PGConnection

    func query(_ statement: SQLStatement<PostgreSQLDialect>) throws -> [PGRow] {
        try connection.query(statement.sql, statement.arguments)
    }

    func queryFirst(_ statement: SQLStatement<PostgreSQLDialect>) throws -> PGRow? {
        try connection.queryFirst(statement.sql, statement.arguments)
    }

    @discardableResult
    func execute(_ statement: SQLStatement<PostgreSQLDialect>) throws -> Int {
        try connection.execute(statement.sql, statement.arguments)
    }

    /// A transaction-scoped advisory lock, keyed by the name's hash.
    func lockUntilCommit(named name: String) throws {
        _ = try query("SELECT pg_advisory_xact_lock(hashtext(\(name)))")
    }

    /// On the change's channel (one of `PGSchema`'s), the install as payload. PostgreSQL delivers
    /// it to every listening instance when the transaction commits, never before.
    func announce(_ change: StoreChange, of install: InstallID) throws {
        let channel = switch change {
        case .favorites: PGSchema.favoritesChannel
        case .installDeleted: PGSchema.installsChannel
        }
        _ = try query("SELECT pg_notify(\(channel), \(install.rawValue))")
    }

    func announceBlocksChanged() throws {
        _ = try query("SELECT pg_notify(\(PGSchema.blocksChannel), '')")
    }
}

extension PGRow: SQLRow {
    func optionalBytes(at column: Int) throws(PostgreSQLError) -> Data? {
        isNull(at: column) ? nil : try bytes(at: column)
    }
}

import Service
import Model

/// The database under the stores, SQLite's file (`DatabasePool`) or a PostgreSQL server
/// (`PGStoreDatabase`): statements run in a read or in a write transaction, failures from
/// outside the program reported as `StoreFailure`. Each store is written once over it; what
/// truly differs between the two is here, named: whether other instances share the database,
/// and what this one hears of their changes.
protocol StoreDatabase: Sendable {
    associatedtype Connection: StoreConnection

    /// Runs `body` outside any transaction: each statement sees every write committed before it.
    func storeRead<T: Sendable>(_ body: @Sendable (Connection) throws -> T) async throws -> T
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    @discardableResult
    func storeWrite<T: Sendable>(_ body: @Sendable (Connection) throws -> T) async throws -> T

    /// True when other instances use the same database at once (PostgreSQL's fleet): the
    /// spotlight pick and the call budget are then claimed and taken in it.
    var isShared: Bool { get }
    /// Goes up each time what was read of favorites may no longer hold: SQLite's file deleted or
    /// replaced and a new one opened; on PostgreSQL, a change announced by any instance.
    var favoriteReplacements: Int { get }
    /// Goes up each time another instance deleted an install (PostgreSQL's announcements).
    var installDeletionsElsewhere: Int { get }
    /// Calls `heard` each time any instance changed the blocks (PostgreSQL's announcements);
    /// SQLite: never, no other instance opens its file.
    func observeBlockChanges(_ heard: @escaping @Sendable () -> Void)
}

/// A store written once for both databases: its statements, in its protocol's extension, over
/// `database`. Each database has a concrete type for each store (`SQLiteFavorites`,
/// `PGFavorites`, ...), so those statements are compiled for its connection: a generic type
/// would run them through generic code (a list of 20 favorites took 24 more allocations so).
protocol Repository: Sendable {
    associatedtype Database: StoreDatabase
    var database: Database { get }
}

/// One connection inside `storeRead` or `storeWrite`: statements written in its dialect, and
/// the two things only a shared database does (both nothing on SQLite, whose file no other
/// process opens while the server runs).
protocol StoreConnection {
    associatedtype Row: SQLRow
    associatedtype Dialect: SQLDialect

    func query(_ statement: SQLStatement<Dialect>) throws -> [Row]
    func queryFirst(_ statement: SQLStatement<Dialect>) throws -> Row?
    /// How many rows the statement changed.
    @discardableResult
    func execute(_ statement: SQLStatement<Dialect>) throws -> Int

    /// Holds the transaction-wide lock `name` until the transaction ends, so transactions of
    /// every instance taking it run one after another. SQLite: nothing, its write transaction
    /// already holds the whole file; PostgreSQL: an advisory lock.
    func lockUntilCommit(named name: String) throws
    /// Tells every instance, once the transaction commits, that `install`'s rows changed.
    /// SQLite: nothing, there is no other instance; PostgreSQL: NOTIFY.
    func announce(_ change: StoreChange, of install: InstallID) throws
    /// Tells every instance, once the transaction commits, that the blocks changed.
    /// SQLite: nothing; PostgreSQL: NOTIFY.
    func announceBlocksChanged() throws
}

/// What a write announces to the other instances.
enum StoreChange: Sendable {
    /// The install's favorites changed (their memory of them is stale).
    case favorites
    /// The install was deleted (its token no longer opens it).
    case installDeleted
}

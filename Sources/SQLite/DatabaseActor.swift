/// Owns one `Database` connection and runs every access to it one at a time: the
/// connection is opened NOMUTEX and its pointer is not Sendable, so the actor is what
/// makes sharing it between tasks safe.
///
/// Bodies run synchronously on the actor, so a transaction never spans a suspension and
/// the write lock is held only while the body runs.
public actor DatabaseActor {
    private let database: Database

    /// Takes over a connection; the caller gives it up (`sending`).
    public init(_ database: sending Database) {
        self.database = database
    }

    public var path: String { database.path }

    /// Runs `body` with the connection, outside any transaction (each statement is atomic).
    public func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        try body(database)
    }

    /// Runs `body` in a BEGIN IMMEDIATE transaction: committed on return, rolled back on throw.
    public func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        try database.writeTransaction { try body(database) }
    }
}

/// Owns one `Database` connection and runs every access to it one at a time, on a thread of
/// its own (`DatabaseThread`): the connection is opened NOMUTEX and its pointer is not
/// Sendable, so the actor is what makes sharing it between tasks safe, and its executor is
/// what keeps SQLite's blocking off every other thread. A default actor would run on the
/// caller's preferred executor, such as an event-loop thread.
///
/// Bodies run synchronously on the actor, so a transaction never spans a suspension and
/// the write lock is held only while the body runs.
public actor DatabaseActor {
    /// Nil once closed.
    private var database: Database?
    private let thread: DatabaseThread

    /// Takes over a connection (the caller gives it up: `sending`) and starts its thread.
    public init(_ database: sending Database, threadName: String = "sqlite") {
        self.database = database
        self.thread = DatabaseThread(name: threadName)
    }

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        thread.asUnownedSerialExecutor()
    }

    /// Runs on the thread too, so closing the connection (which may checkpoint) does as well.
    isolated deinit {
        thread.stop()
    }

    /// Runs `body` with the connection, outside any transaction (each statement is atomic).
    public func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        try body(try open())
    }

    /// Runs `body` in a BEGIN IMMEDIATE transaction: committed on return, rolled back on throw.
    public func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        let database = try open()
        return try database.writeTransaction { try body(database) }
    }

    /// Finalizes the statements and closes the connection (the last one to close a WAL database
    /// checkpoints it and removes its -wal and -shm files). Later calls throw SQLITE_MISUSE.
    public func close() {
        database = nil
    }

    private func open() throws(SQLiteError) -> Database {
        guard let database else { throw .misuse("the connection is closed", sql: nil) }
        return database
    }
}

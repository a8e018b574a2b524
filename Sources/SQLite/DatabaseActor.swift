import DedicatedThread
/// Owns one `Database` connection and runs every access to it one at a time, on a thread of
/// its own (`DedicatedThread`): the connection is opened NOMUTEX and its pointer is not
/// Sendable, so the actor is what makes sharing it between tasks safe, and its executor is
/// what keeps SQLite's blocking off every other thread. A default actor would run on the
/// caller's preferred executor, such as an event-loop thread.
///
/// Bodies run synchronously on the actor, so a transaction never spans a suspension and
/// the write lock is held only while the body runs.
package actor DatabaseActor {
    /// Opens the file at the connection's path again (creating and migrating it if need be).
    package typealias Reopen = @Sendable () throws -> Database

    /// Nil once closed, or after its file was found deleted or replaced until `reopen` succeeds.
    private var database: Database?
    private var isClosed = false
    private let reopen: Reopen?
    private let thread: DedicatedThread
    /// A pool's count of the write connection's reopenings: the write connection adds to it, the
    /// read connection follows it (reopens when it moved past `seenReopenings`).
    private let reopenings: ReopenCount?
    private let followsReopenings: Bool
    private var seenReopenings = 0

    /// Takes over a connection (the caller gives it up: `sending`) and starts its thread. With
    /// `reopen`, a connection whose file was deleted or replaced is replaced by a new one.
    package init(_ database: sending Database, threadName: String = "sqlite", reopen: Reopen? = nil) {
        self.init(database, threadName: threadName, reopen: reopen, reopenings: nil, followsReopenings: false)
    }

    init(_ database: sending Database, threadName: String, reopen: Reopen?, reopenings: ReopenCount?, followsReopenings: Bool) {
        self.database = database
        self.reopen = reopen
        self.thread = DedicatedThread(name: threadName)
        self.reopenings = reopenings
        self.followsReopenings = followsReopenings
    }

    package nonisolated var unownedExecutor: UnownedSerialExecutor {
        thread.asUnownedSerialExecutor()
    }

    /// Runs on the thread too, so closing the connection (which may checkpoint) does as well.
    isolated deinit {
        thread.stop()
    }

    /// Runs `body` with the connection, outside any transaction (each statement is atomic).
    package func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        try body(try open())
    }

    /// Runs `body` in a BEGIN IMMEDIATE transaction: committed on return, rolled back on throw.
    /// When the file was deleted or replaced, this write is refused (SQLITE_READONLY_DBMOVED) and,
    /// given `reopen`, the next call uses the file now at the path.
    package func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        let database = try open()
        do {
            return try database.writeTransaction { try body(database) }
        } catch let error as SQLiteError where error.code == ResultCode.readOnlyDatabaseMoved {
            // Closing a moved file's connection skips the checkpoint, so it never touches the new file's WAL.
            if reopen != nil { self.database = nil }
            throw error
        }
    }

    /// True for a read connection whose pool's write connection moved to a new file since.
    private var isBehindTheWriter: Bool {
        guard followsReopenings, let reopenings, reopen != nil else { return false }
        return reopenings.value != seenReopenings
    }

    /// Finalizes the statements and closes the connection (the last one to close a WAL database
    /// checkpoints it and removes its -wal and -shm files). Later calls throw SQLITE_MISUSE.
    package func close() {
        isClosed = true
        database = nil
    }

    private func open() throws(SQLiteError) -> Database {
        if let database, !isBehindTheWriter { return database }
        guard !isClosed, let reopen else { throw .misuse("the connection is closed", sql: nil) }
        // The old file's connection closes first; a moved file's skips the checkpoint.
        database = nil
        do {
            let seen = reopenings?.value ?? 0
            let reopened = try reopen()
            database = reopened
            if followsReopenings {
                seenReopenings = seen
            } else {
                reopenings?.increment()
            }
            return reopened
        } catch {
            throw SQLiteError(code: ResultCode.cannotOpen, message: "cannot reopen the database: \(error)", sql: nil)
        }
    }
}

/// One database file through two connections, each on its own thread: a write connection for
/// transactions and a read connection (query-only) for reads. With WAL, reads go on from the
/// last commit while a write waits for the lock, instead of queueing behind it.
/// Or through one connection in exclusive locking mode (`init(exclusive:)`), for both.
public struct DatabasePool: Sendable {
    private let writer: DatabaseActor
    private let reader: DatabaseActor

    /// Takes over two connections to the same file; `reader` should be opened `queryOnly`.
    public init(writer: sending Database, reader: sending Database) {
        self.writer = DatabaseActor(writer, threadName: "sqlite-writer")
        self.reader = DatabaseActor(reader, threadName: "sqlite-reader")
    }

    /// Takes over one connection opened with `exclusiveLocking`, for reads and writes alike: under
    /// that lock a second connection could not even read. No other process can hold the lock, so
    /// writes never wait for one, and reads wait only for this process's own (short) writes.
    /// `reopen` replaces the connection once its file was deleted or replaced (see `DatabaseActor`).
    public init(exclusive database: sending Database, reopen: DatabaseActor.Reopen? = nil) {
        let only = DatabaseActor(database, threadName: "sqlite", reopen: reopen)
        self.writer = only
        self.reader = only
    }

    /// Runs `body` on the read connection, outside any transaction (each statement is atomic
    /// and sees every write committed before it started).
    public func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await reader.read(body)
    }

    /// Runs `body` on the write connection in a BEGIN IMMEDIATE transaction.
    public func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await writer.write(body)
    }

    /// Closes both connections, the writer last: closing the last connection checkpoints the
    /// WAL into the database file and deletes the -wal and -shm files, leaving one file.
    public func close() async {
        await reader.close()
        await writer.close()
    }
}

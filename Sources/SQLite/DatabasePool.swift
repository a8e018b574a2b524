/// One database file through two connections, each on its own thread: a write connection for
/// transactions and a read connection (query-only) for reads. With WAL, reads go on from the
/// last commit while a write waits for the lock or for the disk, instead of queueing behind it.
package struct DatabasePool: Sendable {
    private let writer: DatabaseActor
    private let reader: DatabaseActor
    private let reopenings = ReopenCount()

    /// How many times the write connection opened a new file at the path (see `Reopening`).
    package var replacements: Int { reopenings.value }

    /// How each connection opens the file at its path again, once it was deleted or replaced.
    package struct Reopening: Sendable {
        package let writer: DatabaseActor.Reopen
        package let reader: DatabaseActor.Reopen

        package init(writer: @escaping DatabaseActor.Reopen, reader: @escaping DatabaseActor.Reopen) {
            self.writer = writer
            self.reader = reader
        }
    }

    /// Takes over two connections to the same file; `reader` should be opened `queryOnly`.
    /// With `reopening`, a file deleted or replaced while open is left behind: the write that
    /// finds out is refused (see `DatabaseActor`), the next write opens the file then at the path,
    /// and from then on reads follow it there.
    package init(writer: sending Database, reader: sending Database, reopening: Reopening? = nil) {
        self.writer = DatabaseActor(writer, threadName: "sqlite-writer", reopen: reopening?.writer,
                                    reopenings: reopenings, followsReopenings: false)
        self.reader = DatabaseActor(reader, threadName: "sqlite-reader", reopen: reopening?.reader,
                                    reopenings: reopenings, followsReopenings: true)
    }

    /// Runs `body` on the read connection, outside any transaction (each statement is atomic
    /// and sees every write committed before it started).
    package func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await reader.read(body)
    }

    /// Runs `body` on the write connection in a BEGIN IMMEDIATE transaction.
    package func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await writer.write(body)
    }

    /// Closes both connections, the writer last: closing the last connection checkpoints the
    /// WAL into the database file and deletes the -wal (and any -shm) file, leaving one file.
    package func close() async {
        await reader.close()
        await writer.close()
    }
}

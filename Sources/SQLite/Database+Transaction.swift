import CSQLite

extension Database {
    /// Runs `body` in a write transaction. BEGIN IMMEDIATE takes the write lock up front
    /// (waiting out the busy timeout): a deferred transaction that upgrades to a writer can
    /// fail with SQLITE_BUSY that no waiting fixes. Commits when `body` returns; rolls back
    /// when it throws, unless SQLite already ended the transaction itself. Refuses to commit when
    /// the file was deleted or replaced meanwhile (`requireFileInPlace`): that commit would be lost.
    package func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try requireFileInPlace()
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction {
                // The body's error is the one worth reporting, not a failed ROLLBACK.
                try? execute("ROLLBACK")
            }
            throw error
        }
    }
}

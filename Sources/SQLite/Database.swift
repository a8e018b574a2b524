import CSQLite
import Foundation

/// One connection to one database file, with its prepared-statement cache. Not thread-safe
/// by design (opened with SQLITE_OPEN_NOMUTEX): own it from one place at a time, e.g. through
/// `DatabaseActor`.
package final class Database {
    package struct Options: Sendable {
        /// How long a statement waits for another connection's lock before SQLITE_BUSY. Short:
        /// a request that cannot get the lock is better answered "busy, retry" than held.
        package var busyTimeoutMilliseconds: Int32 = 250
        /// Refuses every write on this connection (PRAGMA query_only): for a read connection.
        package var queryOnly = false
        /// The SQLite VFS to open the file through, by name; nil for SQLite's default.
        /// `ExclusiveVFS.name` is the server's (see there).
        package var vfs: String?
        package init() {}
    }

    let path: String
    let handle: OpaquePointer
    /// Prepared statements by SQL text; a statement in use is taken out, so nesting is safe.
    var statementCache: [String: Statement] = [:]

    /// Opens (creating if missing) the file read-write, then sets the connection up:
    /// extended result codes, busy timeout, foreign keys, WAL, synchronous=NORMAL.
    /// Throws if the file is not a database or cannot be written.
    package init(path: String, options: Options = Options()) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, options.vfs)
        guard code == SQLITE_OK, let opened else {
            // SQLite usually hands back a handle even on failure; it must be closed too.
            let error = SQLiteError(code: code, connection: opened, sql: nil)
            sqlite3_close(opened)
            throw error
        }
        self.path = path
        self.handle = opened
        // From here on, deinit closes the handle if set-up throws.
        try configure(options)
    }

    deinit {
        // Finalize the cached statements first; close_v2 would otherwise wait for them.
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    private func configure(_ options: Options) throws(SQLiteError) {
        let code = sqlite3_extended_result_codes(handle, 1)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
        sqlite3_busy_timeout(handle, options.busyTimeoutMilliseconds)
        // Reading the schema is the first access to the file: "file is not a database"
        // surfaces here rather than later on some request.
        try execute("SELECT count(*) FROM sqlite_master")
        // SQLite silently falls back to read-only when the file is write-protected.
        if sqlite3_db_readonly(handle, "main") == 1 {
            throw SQLiteError(code: SQLITE_READONLY, message: "database file is read-only", sql: nil)
        }
        try execute("PRAGMA foreign_keys = ON")
        let journalMode = try scalarText("PRAGMA journal_mode = WAL")
        // In-memory databases answer "memory"; any other answer means WAL was refused.
        guard journalMode == "wal" || (journalMode == "memory" && isInMemoryPath) else {
            throw SQLiteError(code: SQLITE_ERROR, message: "journal mode is \(journalMode), not wal",
                              sql: "PRAGMA journal_mode = WAL")
        }
        // With WAL, NORMAL keeps every commit across a process crash; only power loss can
        // lose the latest ones.
        try execute("PRAGMA synchronous = NORMAL")
        if options.queryOnly {
            try execute("PRAGMA query_only = ON")
        }
        // Set-up statements run once: not worth keeping prepared.
        statementCache.removeAll()
    }

    /// Runs several statements without parameters, such as a migration's DDL.
    package func executeScript(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            throw SQLiteError(code: code, message: text, sql: sql)
        }
    }

    /// Rows changed by the latest INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes64(handle)) }

    /// True while a transaction is open (SQLite is not in autocommit mode).
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    // MARK: Reading single values

    private func scalarText(_ sql: String) throws(SQLiteError) -> String {
        guard let row = try queryFirst(sql) else {
            throw .mismatch("no row", sql: sql)
        }
        return try row.text(at: 0)
    }
}

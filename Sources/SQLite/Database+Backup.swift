import CSQLite

/// A consistent copy of the whole database while it is in use, through SQLite's online backup
/// API (sqlite3_backup_*): pages copied as they are, in one step, so the copy is the database as
/// of one moment. On a WAL database the step holds a read transaction on this connection only:
/// writers go on meanwhile (their commits land in the WAL, which cannot be checkpointed past
/// the copy's snapshot until it ends).
extension Database {
    /// Writes the database into a new file at `path` (which must not be in use) through SQLite's
    /// default VFS. The file is neither journaled nor synced: the caller syncs it, and nobody
    /// uses it before the caller renames it into place. Throws with SQLite's reason; a file left
    /// at `path` by a failure is the caller's to delete.
    package func backup(into path: String) throws(SQLiteError) {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let destination = opened else {
            let error = SQLiteError(code: code, connection: opened, sql: nil)
            sqlite3_close(opened)
            throw error
        }
        defer { sqlite3_close(destination) }
        let settings = "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF"
        let configured = sqlite3_exec(destination, settings, nil, nil, nil)
        guard configured == SQLITE_OK else { throw SQLiteError(code: configured, connection: destination, sql: settings) }
        guard let backup = sqlite3_backup_init(destination, "main", handle, "main") else {
            throw SQLiteError(code: sqlite3_extended_errcode(destination), connection: destination)
        }
        // -1: every page in one step, so the copy never starts over after a write in between.
        let stepped = sqlite3_backup_step(backup, -1)
        // Finish always (it frees the backup); its code repeats the step's error, if any.
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE else {
            throw SQLiteError(code: stepped, message: "backup failed: \(String(cString: sqlite3_errstr(stepped)))")
        }
        guard finished == SQLITE_OK else { throw SQLiteError(code: finished, connection: destination) }
    }
}

import CSQLite

extension Database {
    /// True when the file this connection has open is no longer the one at its path (deleted,
    /// renamed or replaced). Writes would then go to a file no one can open again: with WAL,
    /// SQLite itself does not check this (only the rollback journal does, with DBMOVED).
    package var fileHasMoved: Bool {
        guard !isInMemoryPath else { return false }
        var moved: Int32 = 0
        let code = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
        return code == SQLITE_OK && moved != 0
    }

    /// Throws SQLITE_READONLY_DBMOVED when `fileHasMoved`: called before a commit, so a write is
    /// never acknowledged while only an unlinked file holds it.
    func requireFileInPlace() throws(SQLiteError) {
        if fileHasMoved {
            throw SQLiteError(code: ResultCode.readOnlyDatabaseMoved,
                              message: "the database file \(path) was deleted or replaced while open", sql: nil)
        }
    }

    var isInMemoryPath: Bool { path.isEmpty || path == ":memory:" }
}

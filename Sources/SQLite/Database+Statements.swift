import CSQLite

/// Running SQL through the connection's statement cache: each SQL text is prepared once, reset
/// and cleared after every use (so no statement keeps a read snapshot open), and dropped when
/// a use fails, so a statement in an unknown state is never reused.
extension Database {
    /// Runs one statement to completion, discarding any rows.
    package func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) {
        try withStatement(sql, arguments) { statement throws(SQLiteError) in
            while try statement.step() {}
        }
    }

    /// Runs one statement and returns all its rows.
    package func query(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> [Row] {
        try withStatement(sql, arguments) { statement throws(SQLiteError) in try statement.allRows() }
    }

    /// The first row, or nil when there is none.
    package func queryFirst(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> Row? {
        try withStatement(sql, arguments) { statement throws(SQLiteError) in
            try statement.step() ? statement.currentRow() : nil
        }
    }

    /// The most statements a connection keeps prepared.
    static let statementCacheLimit = 64

    /// How many prepared statements are not finalized yet (the cached ones included).
    package var liveStatementCount: Int { statements().count }

    /// How many statements are mid-run (stepped and not reset): 0 between calls.
    package var runningStatementCount: Int { statements().filter { sqlite3_stmt_busy($0) != 0 }.count }

    private func statements() -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            found.append(current)
            statement = sqlite3_next_stmt(handle, current)
        }
        return found
    }

    /// Binds `arguments` to the cached (or newly prepared) statement for `sql` and runs `body`
    /// on it. The statement is out of the cache while in use; it goes back only after success.
    private func withStatement<T>(
        _ sql: String, _ arguments: [SQLiteValue], _ body: (Statement) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T {
        let statement: Statement
        if let cached = statementCache.removeValue(forKey: sql) {
            statement = cached
        } else {
            statement = try Statement(connection: handle, sql: sql)
        }
        // On a throw the statement is released here, which finalizes it.
        try statement.bind(arguments)
        let result = try body(statement)
        statement.reset()
        // Our SQL texts are constants, so this never fills; if one were ever built from values,
        // the cache starts over rather than growing with them.
        if statementCache.count >= Self.statementCacheLimit { statementCache.removeAll() }
        statementCache[sql] = statement
        return result
    }
}

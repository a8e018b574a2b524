import CSQLite

/// Every failure of the SQLite layer: SQLite's (extended) result code, its message, and the
/// SQL that failed when there was one.
package struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code, e.g. 2067 (SQLITE_CONSTRAINT_UNIQUE).
    package let code: Int32
    package let message: String
    package let sql: String?

    package init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low 8 bits), e.g. 19 (SQLITE_CONSTRAINT).
    package var primaryCode: Int32 { code & 0xFF }

    /// The connection's latest error, read right after the failing call.
    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: message, sql: sql)
    }

    /// For rows whose contents are not what the code expects (a NULL where text was due, ...).
    static func mismatch(_ message: String, sql: String?) -> SQLiteError {
        SQLiteError(code: SQLITE_MISMATCH, message: message, sql: sql)
    }

    /// For calls that SQLite would accept but that are mistakes in our use of it.
    static func misuse(_ message: String, sql: String?) -> SQLiteError {
        SQLiteError(code: SQLITE_MISUSE, message: message, sql: sql)
    }

    package var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (SQL: \(sql))" }
        return text
    }
}

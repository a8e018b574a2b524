/// Every failure of the PostgreSQL wrapper: what libpq or the server said, its SQLSTATE when the
/// server sent one, and the statement at fault. One type, as `SQLiteError` is for SQLite.
package struct PostgreSQLError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Kind: Equatable, Sendable {
        /// No connection: the server is down, refused us, or the connection was lost.
        case connection
        /// The server refused a statement (its SQLSTATE says why).
        case statement
        /// An answer the caller did not expect (a missing row, a column of another type).
        case mismatch
    }

    package let kind: Kind
    /// Five characters (`23505` a unique violation, `57P01` the server shutting down); nil when
    /// the failure came from libpq, not the server.
    package let sqlState: String?
    package let message: String
    package let sql: String?

    package init(_ kind: Kind, sqlState: String? = nil, message: String, sql: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    /// True when another try on a new connection may succeed: the connection was lost, or the
    /// server is going away (SQLSTATE class 08, connection exceptions, and 57P01-57P03).
    package var isConnectionLost: Bool {
        if kind == .connection { return true }
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    package var description: String {
        var text = "PostgreSQL " + (sqlState.map { "[\($0)] " } ?? "") + message
        if let sql { text += " (in: \(sql))" }
        return text
    }
}

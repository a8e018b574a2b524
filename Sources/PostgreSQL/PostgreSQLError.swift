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

    /// True when another try on a new connection may succeed: the connection was lost, the
    /// server is going away (SQLSTATE class 08, connection exceptions, and 57P01-57P03), or it
    /// takes no writes (25006: a standby, or a primary made read-only; after a failover the
    /// new primary is elsewhere).
    package var isConnectionLost: Bool {
        if kind == .connection { return true }
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03", Self.readOnly].contains(sqlState)
    }

    /// SQLSTATE read_only_sql_transaction: a write on a server that takes none.
    package static let readOnly = "25006"

    /// A connection made to a server that takes no writes, not kept.
    package static func readOnlyServer(_ server: String) -> PostgreSQLError {
        PostgreSQLError(.connection, sqlState: readOnly, message: "the server \(server) takes no writes (a standby, or read-only)")
    }

    package var description: String {
        var text = "PostgreSQL " + (sqlState.map { "[\($0)] " } ?? "") + message
        if let sql { text += " (in: \(sql))" }
        return text
    }
}

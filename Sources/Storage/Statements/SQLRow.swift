import Foundation

/// A row as the stores read it, whichever database it came from (SQLite's `Row`, PostgreSQL's
/// `PGRow`): a column of the wrong kind throws, as rows come from outside the program.
protocol SQLRow {
    func text(at column: Int) throws -> String
    func int(at column: Int) throws -> Int
    func int64(at column: Int) throws -> Int64
    func bytes(at column: Int) throws -> Data
    /// Nil for NULL.
    func optionalBytes(at column: Int) throws -> Data?
    /// True for NULL (or no such column).
    func isNull(at column: Int) -> Bool
}

extension SQLRow {
    /// A time stored as whole milliseconds since 1970.
    func date(at column: Int) throws -> Date {
        Milliseconds.date(try int64(at: column))
    }
}

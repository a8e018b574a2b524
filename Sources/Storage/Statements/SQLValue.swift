import Foundation

/// A value a statement binds, in the kinds both databases store: each driver maps it to its own
/// (`SQLiteValue`, `PGValue`). Times are whole milliseconds since 1970 (`Milliseconds`).
enum SQLValue: Equatable, Sendable {
    case text(String)
    case integer(Int64)
    case bytes(Data)
    case null
}

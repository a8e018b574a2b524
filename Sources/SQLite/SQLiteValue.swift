import Foundation

/// One value bound to a statement or read from a row, in SQLite's own storage classes.
public enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue {
    /// Int is 64-bit on every platform we build for.
    public static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
}

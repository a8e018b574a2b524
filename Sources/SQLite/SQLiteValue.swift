import Foundation

/// One value bound to a statement or read from a row, in SQLite's own storage classes.
package enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    package init(stringLiteral value: String) { self = .text(value) }
    package init(integerLiteral value: Int64) { self = .integer(value) }
    package init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue {
    /// Int is 64-bit on every platform we build for.
    package static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
}

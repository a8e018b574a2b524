import Foundation

/// A statement's parameter. Bytes go as binary (bytea), everything else as text, which the
/// server converts to the column's type.
package enum PGValue: Sendable, Equatable {
    case text(String)
    case integer(Int64)
    case bytes(Data)
    case bool(Bool)
    case null

    package static func int(_ value: Int) -> PGValue { .integer(Int64(value)) }
}

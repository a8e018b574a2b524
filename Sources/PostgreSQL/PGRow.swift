import ASCII
import CPostgreSQL
import Foundation

/// One row of a result, its values copied out of libpq's result (which is freed at once), in
/// text form; bytea columns come back as `\x` hex, decoded by `bytes(at:)`.
package struct PGRow: Sendable {
    let values: [String?]
    let sql: String

    package var count: Int { values.count }

    package func isNull(at column: Int) -> Bool { column >= values.count || values[column] == nil }

    package func text(at column: Int) throws(PostgreSQLError) -> String {
        guard column < values.count, let value = values[column] else { throw missing(column) }
        return value
    }

    package func optionalText(at column: Int) -> String? { column < values.count ? values[column] : nil }

    package func int(at column: Int) throws(PostgreSQLError) -> Int {
        guard let value = Int(try text(at: column)) else { throw PostgreSQLError(.mismatch, message: "column \(column) is not an integer", sql: sql) }
        return value
    }

    package func int64(at column: Int) throws(PostgreSQLError) -> Int64 {
        guard let value = Int64(try text(at: column)) else { throw PostgreSQLError(.mismatch, message: "column \(column) is not an integer", sql: sql) }
        return value
    }

    package func bool(at column: Int) throws(PostgreSQLError) -> Bool {
        try text(at: column) == "t"
    }

    /// A bytea column: PostgreSQL's hex output, `\x` then two digits a byte.
    package func bytes(at column: Int) throws(PostgreSQLError) -> Data {
        let text = try text(at: column)
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0 else {
            throw PostgreSQLError(.mismatch, message: "column \(column) is not bytea in hex", sql: sql)
        }
        var data = Data(capacity: (utf8.count - 2) / 2)
        var index = 2
        while index < utf8.count {
            guard let high = ASCIIByte.hexValue(utf8[index]), let low = ASCIIByte.hexValue(utf8[index + 1]) else {
                throw PostgreSQLError(.mismatch, message: "column \(column) is not bytea in hex", sql: sql)
            }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }


    private func missing(_ column: Int) -> PostgreSQLError {
        PostgreSQLError(.mismatch, message: "column \(column) is null or absent", sql: sql)
    }
}

import Foundation

/// One result row, copied out of the statement so it stays valid after the next step.
/// Reading a column as the wrong type throws rather than traps: rows come from a file.
package struct Row: Sendable {
    package let values: [SQLiteValue]
    /// The statement that produced the row, for error messages.
    let sql: String

    package init(values: [SQLiteValue], sql: String) {
        self.values = values
        self.sql = sql
    }

    package func value(at index: Int) throws(SQLiteError) -> SQLiteValue {
        guard values.indices.contains(index) else {
            throw .misuse("no column \(index) in a row of \(values.count)", sql: sql)
        }
        return values[index]
    }

    package func integer(at index: Int) throws(SQLiteError) -> Int64 {
        guard case .integer(let value) = try value(at: index) else {
            throw .mismatch("column \(index) is not an integer", sql: sql)
        }
        return value
    }

    package func int(at index: Int) throws(SQLiteError) -> Int {
        Int(try integer(at: index))
    }

    package func text(at index: Int) throws(SQLiteError) -> String {
        guard case .text(let value) = try value(at: index) else {
            throw .mismatch("column \(index) is not text", sql: sql)
        }
        return value
    }

    package func blob(at index: Int) throws(SQLiteError) -> Data {
        guard case .blob(let value) = try value(at: index) else {
            throw .mismatch("column \(index) is not a blob", sql: sql)
        }
        return value
    }
}

import CSQLite
import Foundation

/// Tells SQLite to copy bound text and blobs before the bind call returns: Swift's
/// temporary C strings do not outlive the call. The C macro is a cast Swift cannot import.
let SQLITE_TRANSIENT = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// One prepared statement, owned by its connection's statement cache. It is finalized when it
/// goes away, whichever path that is (dropped after a failure, or the connection closing).
/// The connection is closed with sqlite3_close_v2, so it outlives any statement still held.
final class Statement {
    let sql: String
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        var prepared: OpaquePointer?
        var trailingSQL = false
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(connection, text, -1, &prepared, &tail)
            // The tail points into `text`, so it is inspected here, while `text` is alive.
            if let tail { trailingSQL = !Statement.isBlank(tail) }
            return code
        }
        guard code == SQLITE_OK else {
            let error = SQLiteError(code: code, connection: connection, sql: sql)
            sqlite3_finalize(prepared)
            throw error
        }
        guard let prepared else {
            throw .misuse("no SQL statement", sql: sql)
        }
        guard !trailingSQL else {
            sqlite3_finalize(prepared)
            throw .misuse("more than one statement; use executeScript", sql: sql)
        }
        self.sql = sql
        self.handle = prepared
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds values to the parameters in order (`?` placeholders) of a fresh or reset statement.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw .misuse("\(values.count) values for \(expected) parameters", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let number):
            code = sqlite3_bind_int64(handle, index, number)
        case .real(let number):
            code = sqlite3_bind_double(handle, index, number)
        case .text(let string):
            // Explicit length: keeps interior NUL characters; TRANSIENT: SQLite copies.
            let length = sqlite3_uint64(string.utf8.count)
            code = string.withCString { text in
                sqlite3_bind_text64(handle, index, text, length, SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
            }
        case .blob(let data):
            code = data.withUnsafeBytes { bytes in
                // An empty buffer may have no address, and a NULL pointer would bind NULL.
                guard let address = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(handle, index, address, sqlite3_uint64(bytes.count), SQLITE_TRANSIENT)
            }
        }
        try check(code)
    }

    /// Ready for the next use: ends the run (releasing its read snapshot) and clears the bindings.
    /// Only called after a successful run, so reset has no error to repeat.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Runs to the next row: true when a row is ready to read, false when done.
    /// After a failure the statement is not reused: its connection's cache drops it.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: code, connection: connection, sql: sql)
        }
    }

    /// Copies the current row out of SQLite's buffers.
    func currentRow() -> Row {
        let count = sqlite3_column_count(handle)
        let values = (0..<count).map { column(at: $0) }
        return Row(values: values, sql: sql)
    }

    /// Steps to the end, collecting every row.
    func allRows() throws(SQLiteError) -> [Row] {
        var rows: [Row] = []
        while try step() {
            rows.append(currentRow())
        }
        return rows
    }

    private func column(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            // Pointer first, then the byte count (the order SQLite documents).
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            let length = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            guard let bytes = sqlite3_column_blob(handle, index) else { return .blob(Data()) }
            let length = Int(sqlite3_column_bytes(handle, index))
            return .blob(Data(bytes: bytes, count: length))
        default:
            return .null
        }
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, connection: connection, sql: sql)
        }
    }

    private static func isBlank(_ text: UnsafePointer<CChar>) -> Bool {
        var cursor = text
        while cursor.pointee != 0 {
            // Whitespace only; a trailing comment is rare enough to count as more SQL.
            switch UInt8(bitPattern: cursor.pointee) {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ";"):
                cursor += 1
            default:
                return false
            }
        }
        return true
    }
}

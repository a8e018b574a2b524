import CSQLite

/// The SQLite result codes callers test for, so they need not import the C module.
package enum ResultCode {
    package static let error = SQLITE_ERROR
    package static let permission = SQLITE_PERM
    package static let busy = SQLITE_BUSY
    package static let locked = SQLITE_LOCKED
    package static let readOnly = SQLITE_READONLY
    package static let ioError = SQLITE_IOERR
    package static let full = SQLITE_FULL
    package static let cannotOpen = SQLITE_CANTOPEN
    package static let constraint = SQLITE_CONSTRAINT
    package static let mismatch = SQLITE_MISMATCH
    package static let misuse = SQLITE_MISUSE
    package static let notADatabase = SQLITE_NOTADB
    /// Extended: a UNIQUE constraint failed.
    package static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)
    /// Extended: the database file was moved or deleted while open.
    package static let readOnlyDatabaseMoved = SQLITE_READONLY | (4 << 8)
}

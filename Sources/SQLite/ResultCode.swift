import CSQLite

/// The SQLite result codes callers test for, so they need not import the C module.
public enum ResultCode {
    public static let error = SQLITE_ERROR
    public static let permission = SQLITE_PERM
    public static let busy = SQLITE_BUSY
    public static let locked = SQLITE_LOCKED
    public static let readOnly = SQLITE_READONLY
    public static let ioError = SQLITE_IOERR
    public static let full = SQLITE_FULL
    public static let cannotOpen = SQLITE_CANTOPEN
    public static let constraint = SQLITE_CONSTRAINT
    public static let mismatch = SQLITE_MISMATCH
    public static let misuse = SQLITE_MISUSE
    public static let notADatabase = SQLITE_NOTADB
    /// Extended: a UNIQUE constraint failed.
    public static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)
    /// Extended: the database file was moved or deleted while open.
    public static let readOnlyDatabaseMoved = SQLITE_READONLY | (4 << 8)
}

import Service
import SQLite

extension DatabasePool {
    /// `read`, with failures from outside the program reported as `StoreFailure`.
    func storeRead<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await reportingStoreFailures { try await read(body) }
    }

    /// `write`, with failures from outside the program reported as `StoreFailure`.
    func storeWrite<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await reportingStoreFailures { try await write(body) }
    }

    private func reportingStoreFailures<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SQLiteError {
            throw Self.storeFailure(for: error) ?? error
        }
    }

    /// The SQLite failures whose cause is the machine, not the program:
    /// BUSY and LOCKED (any extended code) mean another connection or process holds the lock,
    /// worth a retry soon; FULL means the disk (or the size limit) is full; an I/O error, a file
    /// that cannot be opened or became read-only (DBMOVED: deleted or replaced) mean writes cannot
    /// be kept. Anything else is a bug and stays an `SQLiteError`.
    static func storeFailure(for error: SQLiteError) -> StoreFailure? {
        switch error.primaryCode {
        case ResultCode.busy, ResultCode.locked:
            return .busy(retryAfterSeconds: 1)
        case ResultCode.full:
            return .full
        case ResultCode.ioError, ResultCode.cannotOpen, ResultCode.readOnly:
            return .unavailable(reason: error.message)
        default:
            return nil
        }
    }
}

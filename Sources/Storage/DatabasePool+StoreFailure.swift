import GifService
import SQLite

extension DatabasePool {
    /// `read`, with a lock not had within the busy timeout reported as `StoreFailure.busy`.
    func storeRead<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await reportingBusy { try await read(body) }
    }

    /// `write`, with a lock not had within the busy timeout reported as `StoreFailure.busy`.
    func storeWrite<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await reportingBusy { try await write(body) }
    }

    /// SQLITE_BUSY and SQLITE_LOCKED (any extended code) mean another connection or process
    /// holds the lock: a reason outside the program, worth a retry soon, not a server failure.
    private func reportingBusy<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as SQLiteError where [ResultCode.busy, ResultCode.locked].contains(error.primaryCode) {
            throw StoreFailure.busy(retryAfterSeconds: 1)
        }
    }
}

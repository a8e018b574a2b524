import PostgreSQL
import Service

extension PGPool {
    /// `withConnection`, with failures from outside the program reported as `StoreFailure`.
    func storeRead<T: Sendable>(_ body: @escaping @Sendable (PGConnection) throws -> T) async throws -> T {
        try await reportingStoreFailures { try await withConnection(body) }
    }

    /// `transaction`, with failures from outside the program reported as `StoreFailure`.
    func storeWrite<T: Sendable>(_ body: @escaping @Sendable (PGConnection) throws -> T) async throws -> T {
        try await reportingStoreFailures { try await transaction(body) }
    }

    private func reportingStoreFailures<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PostgreSQLError {
            throw Self.storeFailure(for: error) ?? error
        }
    }

    /// The server gone or going (the pool fails at once while it is: a quick 503 with
    /// Retry-After, never a hang), a lock or statement timeout (busy), a full disk. Anything
    /// else is a bug and stays a `PostgreSQLError`.
    static func storeFailure(for error: PostgreSQLError) -> StoreFailure? {
        if error.isConnectionLost { return .unavailable(reason: error.message) }
        switch error.sqlState {
        case "40001", "40P01", "55P03", "57014": return .busy(retryAfterSeconds: 1)
        case "53100": return .full
        case let state? where state.hasPrefix("53") || state.hasPrefix("58"): return .unavailable(reason: error.message)
        default: return nil
        }
    }
}

extension PGConnection {
    /// Locks the install's row until the transaction ends: true when the install exists. Every
    /// per-install write takes it first, so writes of one install, from any instance, run one
    /// after another (the favorites' cap stays exact) while other installs' go on.
    func lockInstall(_ install: InstallID) throws -> Bool {
        try queryFirst("SELECT 1 FROM install WHERE install_id = $1 FOR UPDATE", [.text(install.rawValue)]) != nil
    }

    /// Announces a change of the install's on `channel` (one of `PGSchema`'s). PostgreSQL
    /// delivers it to every listening instance when the transaction commits, never before.
    func announce(on channel: String, _ install: InstallID) throws {
        _ = try query("SELECT pg_notify($1, $2)", [.text(channel), .text(install.rawValue)])
    }
}

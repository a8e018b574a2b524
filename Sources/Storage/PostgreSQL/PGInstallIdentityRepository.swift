import Foundation
import PostgreSQL
import Service

/// The `install_identity` table in PostgreSQL, as Service's `InstallIdentityStore`.
public struct PGInstallIdentityRepository: InstallIdentityStore {
    private let pool: PGPool

    init(pool: PGPool) {
        self.pool = pool
    }

    public func identity(named name: String, install: InstallID) async throws -> String? {
        try await pool.storeRead { connection in
            try connection.queryFirst("SELECT value FROM install_identity WHERE install_id = $1 AND name = $2",
                                      [.text(install.rawValue), .text(name)]).map { try $0.text(at: 0) }
        }
    }

    public func saveIdentity(_ value: String, named name: String, install: InstallID) async throws {
        try await pool.storeWrite { connection in
            guard try connection.lockInstall(install) else { return }
            _ = try connection.execute("""
                INSERT INTO install_identity (install_id, name, value, stored_at) VALUES ($1, $2, $3, $4)
                ON CONFLICT (install_id, name) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at
                """, [.text(install.rawValue), .text(name), .text(value), .integer(Milliseconds.from(Date()))])
        }
    }
}

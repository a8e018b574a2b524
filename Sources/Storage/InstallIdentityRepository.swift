import Foundation
import Service

/// The `install_identity` table, as Service's `InstallIdentityStore`: each install's id with each
/// upstream (GIPHY's `random_id`), kept across restarts.
protocol InstallIdentityRepository: Repository, InstallIdentityStore {}

extension InstallIdentityRepository {
    func identity(named name: String, install: InstallID) async throws -> String? {
        try await database.storeRead { connection in
            try connection.queryFirst("SELECT value FROM install_identity WHERE install_id = \(install.rawValue) AND name = \(name)")
                .map { try $0.text(at: 0) }
        }
    }

    /// Nothing for an install that does not exist (deleted while its id was being fetched).
    func saveIdentity(_ value: String, named name: String, install: InstallID) async throws {
        try await database.storeWrite { connection in
            guard try connection.lockInstall(install) else { return }
            try connection.execute("""
                INSERT INTO install_identity (install_id, name, value, stored_at) VALUES (\(install.rawValue), \(name), \(value), \(Date()))
                ON CONFLICT (install_id, name) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at
                """)
        }
    }
}

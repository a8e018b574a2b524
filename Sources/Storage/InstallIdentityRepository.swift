import Foundation
import Service
import SQLite

/// The `install_identity` table, as Service's `InstallIdentityStore`: each install's id with each
/// upstream (GIPHY's `random_id`), kept across restarts.
public struct InstallIdentityRepository: InstallIdentityStore {
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
    }

    public func identity(named name: String, install: InstallID) async throws -> String? {
        try await database.storeRead { database in
            try database.queryFirst("SELECT value FROM install_identity WHERE install_id = ? AND name = ?",
                                    [.text(install.rawValue), .text(name)]).map { try $0.text(at: 0) }
        }
    }

    /// Nothing for an install that does not exist (deleted while its id was being fetched).
    public func saveIdentity(_ value: String, named name: String, install: InstallID) async throws {
        try await database.storeWrite { database in
            guard try InstallRepository.exists(install, in: database) else { return }
            try database.execute("""
                INSERT INTO install_identity (install_id, name, value, stored_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (install_id, name) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at
                """, [.text(install.rawValue), .text(name), .text(value), .integer(Milliseconds.from(Date()))])
        }
    }
}

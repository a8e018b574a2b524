import Foundation
import Service
import SQLite

/// The `install_identity` table, as Service's `InstallIdentityStore`: the install's id with
/// each upstream (GIPHY's `random_id`), kept across restarts.
public struct InstallIdentityRepository: InstallIdentityStore {
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
    }

    public func identity(named name: String) async throws -> String? {
        try await database.storeRead { database in
            try database.queryFirst("SELECT value FROM install_identity WHERE name = ?", [.text(name)]).map { try $0.text(at: 0) }
        }
    }

    public func saveIdentity(_ value: String, named name: String) async throws {
        try await database.storeWrite { database in
            try database.execute("""
                INSERT INTO install_identity (name, value, stored_at) VALUES (?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET value = excluded.value, stored_at = excluded.stored_at
                """, [.text(name), .text(value), .integer(Milliseconds.from(Date()))])
        }
    }
}

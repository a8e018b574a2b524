import Foundation
import Service
import SQLite

/// The `install` table, as Service's `InstallStore`: each install with the SHA-256 of its token's
/// secret (never the token) and when it was last used. Deleting an install deletes its favorites,
/// history and identities with it: their rows reference it ON DELETE CASCADE (the connection
/// enables foreign keys).
public struct InstallRepository: InstallStore {
    private let database: DatabasePool

    public init(database: DatabasePool) {
        self.database = database
    }

    public func create(_ install: InstallRecord) async throws {
        try await database.storeWrite { database in
            try database.execute("INSERT INTO install (install_id, token_hash, created_at, last_used) VALUES (?, ?, ?, ?)",
                                 [.text(install.id.rawValue), install.tokenHash.map { .blob(Data($0)) } ?? .null,
                                  .integer(Milliseconds.from(install.createdAt)), .integer(Milliseconds.from(install.lastUsed))])
        }
    }

    public func find(_ install: InstallID) async throws -> InstallRecord? {
        try await database.storeRead { database in
            try database.queryFirst("SELECT token_hash, created_at, last_used FROM install WHERE install_id = ?", [.text(install.rawValue)])
                .map { row in
                    let hash: [UInt8]? = switch try row.value(at: 0) {
                    case .blob(let bytes): Array(bytes)
                    default: nil
                    }
                    return InstallRecord(id: install, tokenHash: hash, createdAt: Milliseconds.date(try row.integer(at: 1)),
                                         lastUsed: Milliseconds.date(try row.integer(at: 2)))
                }
        }
    }

    public func delete(_ install: InstallID) async throws -> Bool {
        try await database.storeWrite { database in
            try database.execute("DELETE FROM install WHERE install_id = ?", [.text(install.rawValue)])
            return database.changes > 0
        }
    }

    public func recordUse(_ installs: [InstallID], at date: Date) async throws {
        guard !installs.isEmpty else { return }
        let used = Milliseconds.from(date)
        try await database.storeWrite { database in
            for install in installs {
                try database.execute("UPDATE install SET last_used = max(last_used, ?) WHERE install_id = ?",
                                     [.integer(used), .text(install.rawValue)])
            }
        }
    }

    public func deleteUnused(before date: Date, limit: Int) async throws -> [InstallID] {
        try await database.storeWrite { database in
            let ids = try database.query("SELECT install_id FROM install WHERE last_used < ? AND install_id <> 'local' LIMIT ?",
                                         [.integer(Milliseconds.from(date)), .int(max(0, limit))]).map { try $0.text(at: 0) }
            for id in ids {
                try database.execute("DELETE FROM install WHERE install_id = ?", [.text(id)])
            }
            // A row whose id is no install id (written by hand) is deleted all the same, not named.
            return ids.compactMap { InstallID($0) }
        }
    }

    public func count() async throws -> Int {
        try await database.storeRead { database in
            try database.queryFirst("SELECT count(*) FROM install WHERE install_id <> 'local'")?.int(at: 0) ?? 0
        }
    }

    /// Inside a write: whether rows may be added for `install`.
    static func exists(_ install: InstallID, in database: Database) throws -> Bool {
        try database.queryFirst("SELECT EXISTS (SELECT 1 FROM install WHERE install_id = ?)", [.text(install.rawValue)])?.int(at: 0) == 1
    }
}

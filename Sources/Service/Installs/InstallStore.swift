import Model
import Foundation

/// An install as the store keeps it: never its token, only the SHA-256 of the token's secret.
package struct InstallRecord: Equatable, Sendable {
    package let id: InstallID
    /// Nil for the local install, which no token opens.
    package let tokenHash: [UInt8]?
    package let createdAt: Date
    /// When it was last used, as last written: at most a day behind (`InstallUses`).
    package let lastUsed: Date

    /// `lastUsed` nil: `createdAt`, as for a new install.
    package init(id: InstallID, tokenHash: [UInt8]?, createdAt: Date, lastUsed: Date? = nil) {
        self.id = id
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.lastUsed = lastUsed ?? createdAt
    }
}

/// Where installs live. The local install is always there (a new database is made with it, an
/// upgraded one moves what it kept to it). The other stores keep their rows per install and add
/// nothing for an install this store does not have.
package protocol InstallStore: Sendable {
    func create(_ install: InstallRecord) async throws
    /// Nil when there is no such install (never made, or deleted).
    func find(_ install: InstallID) async throws -> InstallRecord?
    /// Deletes the install and everything kept for it (favorites, search history, upstream
    /// identities) in one step; false when there was no such install.
    func delete(_ install: InstallID) async throws -> Bool
    /// Notes that `installs` were used at `date`; a later use already stored is kept. An install
    /// not there is skipped.
    func recordUse(_ installs: [InstallID], at date: Date) async throws
    /// Deletes at most `limit` installs last used before `date` (never the local one), each with
    /// everything kept for it, as `delete` does; returns those deleted.
    func deleteUnused(before date: Date, limit: Int) async throws -> [InstallID]
    /// Installs made with `POST /installs` (the local one not counted), for the metrics.
    func count() async throws -> Int
    /// Goes up each time another process (another instance on the same database) deleted an
    /// install, so that tokens checked before are checked again.
    var deletionsElsewhere: Int { get }
}

extension InstallStore {
    /// For stores no other process shares.
    package var deletionsElsewhere: Int { 0 }
}

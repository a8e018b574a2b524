import Foundation
import Model

/// A device linked to an install: its own token (the store keeps the SHA-256 of its secret),
/// made by redeeming a link code. The install's first device, which made it, keeps its hash in
/// the install's record and has the id `InstallDevice.firstID`.
package struct InstallDevice: Sendable, Equatable {
    /// The id of the device that made the install (POST /installs).
    package static let firstID = "first"

    package let id: String
    package let tokenHash: [UInt8]
    package let createdAt: Date

    package init(id: String, tokenHash: [UInt8], createdAt: Date) {
        self.id = id
        self.tokenHash = tokenHash
        self.createdAt = createdAt
    }
}

/// What redeeming a link code did.
package enum LinkRedemption: Sendable, Equatable {
    /// The device is the install's now.
    case linked(InstallID)
    /// No live code hashes so (never made, used, expired, or its install deleted).
    case unknownCode
    /// The install has as many devices as it may; the code is used up all the same.
    case full
}

/// Where linked devices and link codes live. Every call is one transaction; a code is deleted as
/// it is redeemed, so it works once, whichever instance is asked.
package protocol InstallDeviceStore: Sendable {
    /// The install's linked devices (its first not among them), oldest first.
    func devices(of install: InstallID) async throws -> [InstallDevice]
    /// Keeps the code's hash for `install` until `expiresAt`, replacing the install's earlier
    /// codes, and deletes every code expired at `now`. False when the install does not exist.
    func saveLinkCode(hash: [UInt8], install: InstallID, expiresAt: Date, now: Date) async throws -> Bool
    /// Deletes the live code that hashes so and links `device` to its install, unless that would
    /// take the install past `maxDevices` (its first included).
    func redeemLinkCode(hash: [UInt8], device: InstallDevice, maxDevices: Int, now: Date) async throws -> LinkRedemption
    /// Revokes the install's device with that id (the first: its hash is cleared); false when it
    /// had none. Other instances are told, so they stop accepting its token.
    func revokeDevice(_ id: String, install: InstallID) async throws -> Bool
}

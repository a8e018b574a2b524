import Foundation
import Service
import Model

/// The `install_device` and `link_code` tables, as Service's `InstallDeviceStore`. Codes are kept
/// as their SHA-256; redeeming deletes the code in the transaction that links the device, the
/// install locked first (`lockInstall`), so a code works once and the devices' cap stays exact
/// whichever instance is asked. A revocation is announced as a deletion is, so every instance
/// reads the install's tokens again.
protocol InstallDeviceRepository: Repository, InstallDeviceStore {}

extension InstallDeviceRepository {
    func devices(of install: InstallID) async throws -> [InstallDevice] {
        try await database.storeRead { connection in
            try connection.query("""
                SELECT device_id, token_hash, created_at FROM install_device WHERE install_id = \(install.rawValue) ORDER BY created_at, device_id
                """).map { row in
                InstallDevice(id: try row.text(at: 0), tokenHash: Array(try row.bytes(at: 1)), createdAt: try row.date(at: 2))
            }
        }
    }

    func saveLinkCode(hash: [UInt8], install: InstallID, expiresAt: Date, now: Date) async throws -> Bool {
        try await database.storeWrite { connection in
            try connection.execute("DELETE FROM link_code WHERE expires_at <= \(now)")
            guard try connection.lockInstall(install) else { return false }
            try connection.execute("DELETE FROM link_code WHERE install_id = \(install.rawValue)")
            try connection.execute("""
                INSERT INTO link_code (code_hash, install_id, expires_at) VALUES (\(Data(hash)), \(install.rawValue), \(expiresAt))
                """)
            return true
        }
    }

    func redeemLinkCode(hash: [UInt8], device: InstallDevice, maxDevices: Int, now: Date) async throws -> LinkRedemption {
        try await database.storeWrite { connection in
            guard let owner = try connection.queryFirst("""
                DELETE FROM link_code WHERE code_hash = \(Data(hash)) RETURNING install_id, expires_at
                """) else { return .unknownCode }
            guard try owner.date(at: 1) > now, let install = InstallID(try owner.text(at: 0)),
                  try connection.lockInstall(install) else { return .unknownCode }
            let linked = try connection.queryFirst("SELECT count(*) FROM install_device WHERE install_id = \(install.rawValue)")?.int(at: 0) ?? 0
            guard linked + 1 < maxDevices else { return .full }
            try connection.execute("""
                INSERT INTO install_device (install_id, device_id, token_hash, created_at)
                VALUES (\(install.rawValue), \(device.id), \(Data(device.tokenHash)), \(device.createdAt))
                """)
            return .linked(install)
        }
    }

    func revokeDevice(_ id: String, install: InstallID) async throws -> Bool {
        try await database.storeWrite { connection in
            let revoked = id == InstallDevice.firstID
                ? try connection.execute("UPDATE install SET token_hash = NULL WHERE install_id = \(install.rawValue) AND token_hash IS NOT NULL") > 0
                : try connection.execute("DELETE FROM install_device WHERE install_id = \(install.rawValue) AND device_id = \(id)") > 0
            if revoked { try connection.announce(.installDeleted, of: install) }
            return revoked
        }
    }
}

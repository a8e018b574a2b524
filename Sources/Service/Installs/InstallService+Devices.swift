import Foundation
import Model
import Primitives

/// A device of an install, as listed: never its token or hash.
package struct DeviceListing: Sendable, Equatable {
    package let id: String
    /// When it was linked (the first device: when the install was made).
    package let createdAt: Date
    /// Whether it is the device that asked.
    package let isCurrent: Bool
}

/// A link code as made: shown once, working until `expiresAt`.
package struct IssuedLinkCode: Sendable {
    package let code: LinkCode
    package let expiresAt: Date
}

/// A device linked to an install: its token, shown once.
package struct LinkedDevice: Sendable, CustomStringConvertible {
    package let install: InstallID
    package let device: String
    package let token: String
    package let createdAt: Date

    package var description: String { "LinkedDevice(install: \(install), device: \(device), token not shown)" }
}

/// Linked devices: a device with a token asks for a one-time code; a second device redeems it for
/// a token of its own for the same install (the same favorites and history); each device can be
/// listed and revoked. Redeeming is limited per address, network and server as installs' making
/// is (`linkLimiter`, every attempt counted), so guessing a code within its life is hopeless
/// (docs/installs.md has the numbers).
extension InstallService {
    /// An install has at most this many devices, its first included.
    package static let maxDevices = 10
    /// Attempts to redeem a code per hour: 10 per address, 30 per network, 600 for the server.
    package static let linkAttemptLimits = InstallCreationLimits(perAddress: 10, perNetwork: 30, perServer: 600)

    /// A new code for the install `token` opens; its earlier codes stop working.
    package func linkCode(presenting token: InstallToken) async throws -> IssuedLinkCode {
        let install = try await verify(token).value()
        guard let devices else { throw InstallError.linkingUnavailable }
        let code = LinkCode.make(), date = now()
        let expiresAt = date.addingTimeInterval(LinkCode.lifetime)
        guard try await devices.saveLinkCode(hash: code.hash, install: install, expiresAt: expiresAt, now: date) else {
            throw InstallError.unknownToken
        }
        linkMetrics.count { $0.codesIssued += 1 }
        return IssuedLinkCode(code: code, expiresAt: expiresAt)
    }

    /// A token of its own for a device that presents a live code, for the code's install.
    /// Throws `linkRateLimited` past the attempts' limits, `unknownLinkCode` for a code that opens
    /// nothing (text that is no code counts as an attempt too), `tooManyDevices` at the cap.
    package func link(code text: String, client: InstallClient) async throws -> LinkedDevice {
        let date = now()
        if let refused = linkLimiter.take(client, now: date) {
            linkMetrics.count { $0.rateLimited += 1 }
            throw InstallError.linkRateLimited(retryAfterSeconds: refused.retryAfterSeconds)
        }
        guard let devices else { throw InstallError.linkingUnavailable }
        guard let code = LinkCode(reading: text) else {
            linkMetrics.count { $0.invalidCode += 1 }
            throw InstallError.unknownLinkCode
        }
        let secret = Base64URL.text(SecureRandom.bytes(32))
        let device = InstallDevice(id: Base64URL.text(SecureRandom.bytes(9)), tokenHash: SHA256.hash(secret), createdAt: date)
        switch try await devices.redeemLinkCode(hash: code.hash, device: device, maxDevices: Self.maxDevices, now: date) {
        case .linked(let install):
            forgetDevices(of: install)
            linkMetrics.count { $0.linked += 1 }
            return LinkedDevice(install: install, device: device.id, token: install.rawValue + "." + secret, createdAt: date)
        case .unknownCode:
            linkMetrics.count { $0.invalidCode += 1 }
            throw InstallError.unknownLinkCode
        case .full:
            linkMetrics.count { $0.devicesFull += 1 }
            throw InstallError.tooManyDevices(Self.maxDevices)
        }
    }

    /// The devices of the install `token` opens, oldest first, the asking one marked.
    package func devices(presenting token: InstallToken) async throws -> [DeviceListing] {
        let install = try await verify(token).value()
        guard let record = try await store.find(install) else { throw InstallError.unknownToken }
        let linked = try await devices?.devices(of: install) ?? []
        var listed: [DeviceListing] = []
        if let first = record.tokenHash {
            listed.append(DeviceListing(id: InstallDevice.firstID, createdAt: record.createdAt, isCurrent: token.opens(first)))
        }
        for device in linked {
            listed.append(DeviceListing(id: device.id, createdAt: device.createdAt, isCurrent: token.opens(device.tokenHash)))
        }
        return listed
    }

    /// Revokes a device of the install `token` opens (the asking one too): its token opens
    /// nothing from then on, on every instance.
    package func revokeDevice(_ id: String, presenting token: InstallToken) async throws {
        let install = try await verify(token).value()
        guard let devices, try await devices.revokeDevice(id, install: install) else { throw InstallError.noSuchDevice }
        forgetDevices(of: install)
        linkMetrics.count { $0.revoked += 1 }
    }
}

extension InstallService.KnownInstall {
    /// The id of the device whose hash the token's secret matches, nil for none: every hash is
    /// compared, each in constant time, so the time says nothing of which.
    func device(opened token: InstallToken) -> String? {
        var found: String?
        if let hash, token.opens(hash) { found = InstallDevice.firstID }
        for device in linked where token.opens(device.hash) { found = device.id }
        return found
    }
}

import Foundation
import OpenAPIRuntime

/// Linked devices: one install, several devices, each with its own token (docs/installs.md).
extension GifBFF {
    /// A one-time code for another device (`linkDevice(code:)` there), working once for a few
    /// minutes; a new one replaces the install's earlier code. Needs a token
    /// (`install_token_required` without one).
    public func makeLinkCode() async throws -> LinkCode {
        try await unwrappingProblems {
            switch try await raw.makeLinkCode() {
            case let .created(created):
                let issued = try created.body.json
                return LinkCode(code: issued.code, expiresAt: issued.expiresAt, expiresIn: issued.expiresIn)
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// On the new device: the code shown by the other one gives this device its own token for
    /// that install (the same favorites and history). Keep it as after `registerInstall()`: the
    /// registration's `token`, from then on returned by the `installToken` provider (any token
    /// held before opens the old install, so forget it). Sends no token and does not ask the
    /// provider. A wrong, used or expired code throws `link_code_invalid`; too many tries,
    /// `link_rate_limited` (see `retryAfterSeconds`); a full install, `devices_full`. The answers
    /// held in `etags` go: they were another install's.
    public func linkDevice(code: String) async throws -> InstallRegistration {
        try await unwrappingProblems {
            switch try await raw.linkDevice(body: .json(.init(code: code))) {
            case let .created(created):
                let linked = try created.body.json
                let registration = try InstallRegistration(checking: linked.token, installID: linked.installId,
                                                           deviceID: linked.deviceId, createdAt: linked.createdAt, status: 201)
                await etags?.removeAll()
                return registration
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// The install's devices, oldest first (`first` made the install); `isCurrent` is this one.
    public func devices() async throws -> [Device] {
        try await unwrappingProblems {
            switch try await raw.listDevices() {
            case let .ok(ok):
                return try ok.body.json.data.map { Device(id: $0.id, createdAt: $0.createdAt, isCurrent: $0.current == true) }
            case let other: throw Self.unexpected(other)
            }
        }
    }

    /// Revokes a device: its token opens nothing from then on (`install_token_invalid`), on every
    /// instance. This device's own id revokes this device: forget the token, as after
    /// `deleteInstall()`. An id the install does not have throws `device_not_found`.
    public func revokeDevice(id: String) async throws {
        try await unwrappingProblems {
            switch try await raw.revokeDevice(path: .init(id: id)) {
            case .noContent: return
            case let other: throw Self.unexpected(other)
            }
        }
    }
}

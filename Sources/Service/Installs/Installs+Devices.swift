import Model

/// Linked devices, for the routes (`InstallService+Devices.swift` has the rules). Every call but
/// `link` needs a token: the local install, which requests without one act for, has no devices.
extension Installs {
    /// Linking's counts since start, for the metrics.
    package var linkCounts: LinkMetrics.Counts { service.linkMetrics.current }

    package func linkCode(presenting token: InstallToken?) async throws(ServiceError) -> IssuedLinkCode {
        guard let token else { throw .installTokenRequired }
        return try await errors.translating { try await service.linkCode(presenting: token) }
    }

    package func link(code: String, client: InstallClient) async throws(ServiceError) -> LinkedDevice {
        try await errors.translating { try await service.link(code: code, client: client) }
    }

    package func devices(presenting token: InstallToken?) async throws(ServiceError) -> [DeviceListing] {
        guard let token else { throw .installTokenRequired }
        return try await errors.translating { try await service.devices(presenting: token) }
    }

    package func revokeDevice(_ id: String, presenting token: InstallToken?) async throws(ServiceError) {
        guard let token else { throw .installTokenRequired }
        try await errors.translating { try await service.revokeDevice(id, presenting: token) }
    }
}

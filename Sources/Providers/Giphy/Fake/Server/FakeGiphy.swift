@_exported import FakeUpstream
import Foundation
import HTTPServer

/// A fake GIPHY served by our own HTTPServer: GIPHY's paths, parameters and JSON over a
/// deterministic catalog, with faults a test can switch on. Used by the tests, by the
/// `fake-giphy` executable, and in-process as gif-bff's demo upstream when no key is set.
/// Starting, stopping, faults and call counts come from `FakeUpstreamServer`.
public final class FakeGiphy: FakeUpstreamServer {
    /// The key the fake accepts unless told otherwise (the demo mode's key).
    public static let defaultAPIKey = "fake-giphy-key"

    public let apiKey: String
    public let catalog: FakeCatalog
    public let core: FakeServerCore<FakeGiphyFault>

    /// `port` 0 asks the system for a free one; `start()` says which (version path included:
    /// `http://127.0.0.1:PORT/v1`).
    public init(apiKey: String = FakeGiphy.defaultAPIKey, catalog: FakeCatalog = .standard,
                host: String = "127.0.0.1", port: UInt16 = 0, logger: Logger = Logger(level: .off),
                adminRoutes: Bool = true) {
        self.apiKey = apiKey
        self.catalog = catalog
        core = FakeServerCore(host: host, port: port, basePath: Self.versionPath, logger: logger, adminRoutes: adminRoutes,
                              parseFault: FakeGiphyFault.fromAdminBody) { router, faults, calls in
            FakeGiphyAPI(catalog: catalog, apiKey: apiKey, faults: faults, calls: calls, seed: 0x7261_6E64).addRoutes(to: &router)
        }
    }

    /// Stops the server (and the raw listeners, if started).
    public func shutdown() async { await stop() }

    /// A base URL whose every connection is reset after the request is read.
    public func startConnectionResetter() throws -> URL {
        try startRawUpstream(.resetAfterRequest)
    }

    /// A base URL on a loopback port where nothing listens, so every call is refused.
    public static func refusingBaseURL() throws -> URL {
        try LoopbackURL.refusing(path: versionPath)
    }

    /// GIPHY's API version, part of its base URL.
    static let versionPath = "/v1"
}

import FakeUpstream
import GiphyCatalog
import Foundation
import HTTPServer

/// A fake GIPHY served by our own HTTPServer: GIPHY's paths, parameters and JSON over the
/// deterministic catalog (`GIFCatalog`, which gif-bff's demo serves in-process), with faults a
/// test can switch on. Used by the tests and the `fake-giphy` executable, never by gif-bff.
/// Starting, stopping, faults and call counts come from `FakeUpstreamServer`.
package final class FakeGiphy: FakeUpstreamServer {
    /// The key the fake accepts unless told otherwise.
    package static let defaultAPIKey = "fake-giphy-key"

    package let apiKey: String
    package let catalog: GIFCatalog
    package let core: FakeServerCore<FakeGiphyFault>
    /// The analytics pingbacks this fake received (FakePingbacks.swift).
    package let pingbacks = PingbackLog()
    /// Where the GIFs' pingback urls point; the API reads it as it writes each GIF.
    private let analyticsHost = PingbackHost()
    private let analyticsOverride: URL?

    /// `port` 0 asks the system for a free one; `start()` says which (version path included:
    /// `http://127.0.0.1:PORT/v1`).
    package init(apiKey: String = FakeGiphy.defaultAPIKey, catalog: GIFCatalog = .standard,
                host: String = "127.0.0.1", port: UInt16 = 0, logger: Logger = Logger(level: .off),
                adminRoutes: Bool = true, analyticsBaseURL: URL? = nil) {
        self.apiKey = apiKey
        analyticsOverride = analyticsBaseURL
        self.catalog = catalog
        let analyticsHost = self.analyticsHost
        let pingbacks = self.pingbacks
        core = FakeServerCore(host: host, port: port, basePath: Self.versionPath, logger: logger, adminRoutes: adminRoutes,
                              parseFault: FakeGiphyFault.fromAdminBody) { router, faults, calls in
            FakeGiphyAPI(catalog: catalog, apiKey: apiKey, faults: faults, calls: calls, seed: 0x7261_6E64,
                         analyticsHost: analyticsHost).addRoutes(to: &router)
            FakePingbacks.addRoutes(to: &router, log: pingbacks, faults: faults, admin: adminRoutes)
        }
    }

    /// Starts listening and returns the base URL, version included (`http://127.0.0.1:PORT/v1`);
    /// the pingback urls point at this fake unless another analytics host was given.
    @discardableResult
    package func start() throws -> URL {
        let url = try core.start()
        var own = URLComponents(url: url, resolvingAgainstBaseURL: false)
        own?.path = ""
        if let base = analyticsOverride?.absoluteString ?? own?.string { pointAnalytics(at: base) }
        return url
    }

    /// Where the GIFs' pingback urls point from now on (`http://host:port`, no trailing slash).
    package func pointAnalytics(at base: String) {
        analyticsHost.point(at: base)
    }

    /// Stops the server (and the raw listeners, if started).
    package func shutdown() async { await stop() }

    /// A base URL whose every connection is reset after the request is read.
    package func startConnectionResetter() throws -> URL {
        try startRawUpstream(.resetAfterRequest)
    }

    /// A base URL on a loopback port where nothing listens, so every call is refused.
    package static func refusingBaseURL() throws -> URL {
        try LoopbackURL.refusing(path: versionPath)
    }

    /// GIPHY's API version, part of its base URL.
    static let versionPath = "/v1"
}

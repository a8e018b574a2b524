@_exported import FakeUpstream
import Foundation
import HTTPServer
import Synchronization

/// A fake GIPHY served by our own HTTPServer: GIPHY's paths, parameters and JSON over a
/// deterministic catalog, with faults a test can switch on. Used by the tests, by the
/// `fake-giphy` executable, and in-process as gif-bff's demo upstream when no key is set.
public final class FakeGiphy: Sendable {
    /// The key the fake accepts unless told otherwise (the demo mode's key).
    public static let defaultAPIKey = "fake-giphy-key"

    public let apiKey: String
    public let catalog: FakeCatalog
    private let server: HTTPServer
    private let host: String
    private let faults = FaultBoard<FakeGiphyFault>()
    private let calls = CallLog()
    private let started = Mutex<URL?>(nil)
    private let rawUpstreams = RawUpstreamPool(path: FakeGiphy.versionPath)

    /// `port` 0 asks the system for a free one; `start()` says which.
    public init(apiKey: String = FakeGiphy.defaultAPIKey, catalog: FakeCatalog = .standard,
                host: String = "127.0.0.1", port: UInt16 = 0, logger: Logger = Logger(level: .off),
                adminRoutes: Bool = true) {
        self.apiKey = apiKey
        self.catalog = catalog
        self.host = host
        var router = RouterBuilder()
        let api = FakeGiphyAPI(catalog: catalog, apiKey: apiKey, faults: faults, calls: calls, seed: 0x7261_6E64)
        api.addRoutes(to: &router)
        // The demo catalog runs without them: faults and call logs are for tests and the fake-giphy tool.
        if adminRoutes {
            AdminRoutes.add(to: &router, faults: faults, calls: calls, parseFault: FakeGiphyFault.fromAdminBody)
        }
        var configuration = HTTPServerConfiguration(host: host, port: port)
        configuration.eventLoopCount = 2
        // A delayed answer must not hold a shutdown for long.
        configuration.shutdownGracePeriod = .seconds(1)
        server = HTTPServer(configuration: configuration, responder: router.build(), logger: logger)
    }

    /// Starts listening and returns the base URL, version included (`http://127.0.0.1:PORT/v1`).
    @discardableResult
    public func start() throws -> URL {
        let port = try server.start()
        let url = try LoopbackURL.make(host: host, port: port, path: Self.versionPath)
        started.withLock { $0 = url }
        return url
    }

    /// The base URL once started.
    public var baseURL: URL? { started.withLock { $0 } }

    /// Stops the server (and the raw listeners, if started).
    public func shutdown() async {
        rawUpstreams.stopAll()
        await server.shutdown()
        started.withLock { $0 = nil }
    }

    public func waitUntilStopped() async { await server.waitUntilStopped() }

    // MARK: - Faults

    /// Arms a fault for the next calls (or until cleared); `path` limits it to calls whose path
    /// starts with it (`/v1/gifs/search`). Armed faults apply in the order armed.
    public func inject(_ fault: FakeGiphyFault, lifetime: FaultLifetime = .once, path: String? = nil) {
        faults.arm(fault, lifetime: lifetime, pathPrefix: path)
    }

    public func clearFaults() { faults.clear() }

    /// A base URL whose every connection is reset after the request is read.
    public func startConnectionResetter() throws -> URL {
        try startRawUpstream(.resetAfterRequest)
    }

    /// A base URL whose every connection meets `behaviour` once its request is read: the
    /// transport faults the fake's own port cannot produce. The same listener per behaviour.
    public func startRawUpstream(_ behaviour: RawUpstreamBehaviour) throws -> URL {
        try rawUpstreams.baseURL(for: behaviour)
    }

    // MARK: - Calls received

    /// Calls to one path (`/v1/gifs/search`), or to every API path when nil; faulted and
    /// refused calls included, admin calls not.
    public func callCount(path: String? = nil) -> Int { calls.count(path: path) }

    /// The latest calls (up to 200), oldest first.
    public var recordedCalls: [RecordedCall] { calls.recent }

    public func resetCallCounts() { calls.reset() }

    /// A base URL on a loopback port where nothing listens, so every call is refused.
    public static func refusingBaseURL() throws -> URL {
        try LoopbackURL.refusing(path: versionPath)
    }

    /// GIPHY's API version, part of its base URL.
    static let versionPath = "/v1"
}

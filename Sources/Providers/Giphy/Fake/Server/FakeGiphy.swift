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
    private let faults = FaultBoard()
    private let calls = CallLog()
    private let started = Mutex<URL?>(nil)
    private let rawUpstreams = Mutex<[RawUpstreamBehaviour: RawUpstream]>([:])
    private let api: FakeGiphyAPI
    /// The analytics pingbacks this fake received (FakePingbacks.swift).
    public let pingbacks = PingbackLog()
    private let analyticsOverride: URL?

    /// `port` 0 asks the system for a free one; `start()` says which.
    public init(apiKey: String = FakeGiphy.defaultAPIKey, catalog: FakeCatalog = .standard,
                host: String = "127.0.0.1", port: UInt16 = 0, logger: Logger = Logger(level: .off),
                adminRoutes: Bool = true, analyticsBaseURL: URL? = nil) {
        self.apiKey = apiKey
        analyticsOverride = analyticsBaseURL
        self.catalog = catalog
        self.host = host
        var router = RouterBuilder()
        let api = FakeGiphyAPI(catalog: catalog, apiKey: apiKey, faults: faults, calls: calls, seed: 0x7261_6E64)
        api.addRoutes(to: &router)
        self.api = api
        FakePingbacks.addRoutes(to: &router, log: pingbacks, faults: faults, admin: adminRoutes)
        // The demo catalog runs without them: faults and call logs are for tests and the fake-giphy tool.
        if adminRoutes { AdminRoutes.add(to: &router, faults: faults, calls: calls) }
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
        let url = try Self.baseURL(host: host, port: port)
        started.withLock { $0 = url }
        let ownBase = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        let analyticsBase = analyticsOverride.map { $0.absoluteString } ?? ownBase
        pointAnalytics(at: analyticsBase)
        return url
    }

    /// The base URL once started.
    public var baseURL: URL? { started.withLock { $0 } }

    /// Stops the server (and the raw listeners, if started).
    public func shutdown() async {
        rawUpstreams.withLock { listeners in
            listeners.values.forEach { $0.stop() }
            listeners.removeAll()
        }
        await server.shutdown()
        started.withLock { $0 = nil }
    }

    public func waitUntilStopped() async { await server.waitUntilStopped() }

    /// Where the GIFs' pingback urls point from now on (`http://host:port`, no trailing slash).
    public func pointAnalytics(at base: String) {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        api.analyticsBase.withLock { $0 = trimmed }
    }

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
        try rawUpstreams.withLock { listeners in
            let listener = try listeners[behaviour] ?? RawUpstream(behaviour)
            listeners[behaviour] = listener
            return try Self.baseURL(host: "127.0.0.1", port: listener.port)
        }
    }

    // MARK: - Calls received

    /// Calls to one path (`/v1/gifs/search`), or to every API path when nil; faulted and
    /// refused calls included, admin calls not.
    public func callCount(path: String? = nil) -> Int { calls.count(path: path) }

    /// The latest calls (up to 200), oldest first.
    public var recordedCalls: [RecordedCall] { calls.recent }

    public func resetCallCounts() { calls.reset() }
}

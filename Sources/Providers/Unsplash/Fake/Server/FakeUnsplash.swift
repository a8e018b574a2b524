@_exported import FakeUpstream
import Foundation
import HTTPServer
import Synchronization

/// A fake Unsplash served by our own HTTPServer: Unsplash's paths, headers and JSON over a
/// deterministic photo catalog, with its quirks (null descriptions, all-null EXIF, a plain-text
/// 403 over the hourly limit) and faults a test can switch on. Used by the tests, by the
/// `fake-unsplash` executable, and in-process as the demo upstream for photos.
public final class FakeUnsplash: Sendable {
    /// The key the fake accepts unless told otherwise (the demo mode's key).
    public static let defaultAccessKey = "fake-unsplash-access-key"
    /// Unsplash's demo keys get 50 calls an hour.
    public static let defaultHourlyLimit = 50

    public let accessKey: String
    public let catalog: FakePhotoCatalog
    private let server: HTTPServer
    private let host: String
    private let api: FakeUnsplashAPI
    private let faults = FaultBoard<FakeUnsplashFault>()
    private let calls = CallLog()
    private let started = Mutex<URL?>(nil)
    private let rawUpstreams = RawUpstreamPool(path: "")

    /// `port` 0 asks the system for a free one; `start()` says which.
    public init(accessKey: String = FakeUnsplash.defaultAccessKey, catalog: FakePhotoCatalog = .standard,
                host: String = "127.0.0.1", port: UInt16 = 0, logger: Logger = Logger(level: .off),
                adminRoutes: Bool = true, hourlyLimit: Int = FakeUnsplash.defaultHourlyLimit) {
        self.accessKey = accessKey
        self.catalog = catalog
        self.host = host
        var router = RouterBuilder()
        api = FakeUnsplashAPI(catalog: catalog, accessKey: accessKey, faults: faults, calls: calls,
                              rateLimit: RateLimitWindow(limit: hourlyLimit))
        api.addRoutes(to: &router)
        if adminRoutes {
            AdminRoutes.add(to: &router, faults: faults, calls: calls, parseFault: FakeUnsplashFault.fromAdminBody)
        }
        var configuration = HTTPServerConfiguration(host: host, port: port)
        configuration.eventLoopCount = 2
        // A delayed answer must not hold a shutdown for long.
        configuration.shutdownGracePeriod = .seconds(1)
        server = HTTPServer(configuration: configuration, responder: router.build(), logger: logger)
    }

    /// Starts listening and returns the base URL (`http://127.0.0.1:PORT`, no version path:
    /// Unsplash takes its version in a header).
    @discardableResult
    public func start() throws -> URL {
        let url = try LoopbackURL.make(host: host, port: try server.start(), path: "")
        started.withLock { $0 = url }
        return url
    }

    public var baseURL: URL? { started.withLock { $0 } }

    /// Stops the server and the raw listeners.
    public func stop() async {
        rawUpstreams.stopAll()
        await server.shutdown()
        started.withLock { $0 = nil }
    }

    public func waitUntilStopped() async { await server.waitUntilStopped() }

    // MARK: - Faults

    /// Arms a fault for the next calls (or until cleared); `path` limits it to calls whose path
    /// starts with it (`/search/photos`).
    public func inject(_ fault: FakeUnsplashFault, lifetime: FaultLifetime = .once, path: String? = nil) {
        faults.arm(fault, lifetime: lifetime, pathPrefix: path)
    }

    public func clearFaults() { faults.clear() }

    /// A base URL whose every connection meets `behaviour` once its request is read.
    public func startRawUpstream(_ behaviour: RawUpstreamBehaviour) throws -> URL {
        try rawUpstreams.baseURL(for: behaviour)
    }

    /// A base URL on a loopback port where nothing listens.
    public static func refusingBaseURL() throws -> URL {
        try LoopbackURL.refusing(path: "")
    }

    // MARK: - Calls received

    /// Calls to one path, or to every API path when nil; faulted and refused calls included.
    public func callCount(path: String? = nil) -> Int { calls.count(path: path) }

    /// The latest calls (up to 200), oldest first, with their headers.
    public var recordedCalls: [RecordedCall] { calls.recent }

    public func resetCallCounts() { calls.reset() }

    /// Download-tracking calls answered for one photo.
    public func downloadCount(id: String) -> Int { api.downloadCount(id: id) }

    /// Refills the hourly limit at once.
    public func resetRateLimit() { api.rateLimit.reset() }
}

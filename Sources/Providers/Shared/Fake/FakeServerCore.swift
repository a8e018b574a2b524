import Foundation
import HTTPServer
import Synchronization

/// What every fake upstream is made of: an HTTPServer on loopback (or any host), its fault
/// board, its call log, the admin routes, and raw listeners for transport faults.
package final class FakeServerCore<Fault: InjectableFault>: Sendable {
    package let faults = FaultBoard<Fault>()
    package let calls = CallLog()
    private let server: HTTPServer
    private let host: String
    /// The path the upstream's base URL ends with ("/v1" for GIPHY, "" for Unsplash).
    private let basePath: String
    private let rawUpstreams: RawUpstreamPool
    private let started = Mutex<URL?>(nil)

    /// `addRoutes` adds the upstream's own endpoints; the admin routes (faults, call counts)
    /// come only with `adminRoutes` (a test may start a fake without them).
    package init(host: String, port: UInt16, basePath: String, logger: Logger, adminRoutes: Bool,
                parseFault: @escaping AdminRoutes.FaultParser<Fault>,
                addRoutes: (inout RouterBuilder, FaultBoard<Fault>, CallLog) -> Void) {
        self.host = host
        self.basePath = basePath
        rawUpstreams = RawUpstreamPool(path: basePath)
        var router = RouterBuilder()
        addRoutes(&router, faults, calls)
        if adminRoutes { AdminRoutes.add(to: &router, faults: faults, calls: calls, parseFault: parseFault) }
        var configuration = HTTPServerConfiguration(host: host, port: port)
        configuration.eventLoopCount = 2
        // A delayed answer must not hold a shutdown for long.
        configuration.shutdownGracePeriod = .seconds(1)
        server = HTTPServer(configuration: configuration, responder: router.build(), logger: logger)
    }

    package func start() throws -> URL {
        let url = try LoopbackURL.make(host: host, port: try server.start(), path: basePath)
        started.withLock { $0 = url }
        return url
    }

    package var baseURL: URL? { started.withLock { $0 } }

    package func stop() async {
        rawUpstreams.stopAll()
        await server.shutdown()
        started.withLock { $0 = nil }
    }

    package func waitUntilStopped() async { await server.waitUntilStopped() }

    package func startRawUpstream(_ behaviour: RawUpstreamBehaviour) throws -> URL {
        try rawUpstreams.baseURL(for: behaviour)
    }

    package func rawUpstreamBodyBytesSent(_ behaviour: RawUpstreamBehaviour) -> Int {
        rawUpstreams.bodyBytesSent(for: behaviour)
    }
}

/// A fake upstream's public controls, the same for every fake: it only names its core.
package protocol FakeUpstreamServer: Sendable {
    associatedtype Fault: InjectableFault
    var core: FakeServerCore<Fault> { get }
}

extension FakeUpstreamServer {
    /// Starts listening and returns the base URL (`http://127.0.0.1:PORT` and the upstream's base path).
    @discardableResult
    package func start() throws -> URL { try core.start() }

    /// The base URL once started.
    package var baseURL: URL? { core.baseURL }

    /// Stops the server and the raw listeners.
    package func stop() async { await core.stop() }

    package func waitUntilStopped() async { await core.waitUntilStopped() }

    /// What a fake's executable does: starts, prints its base URL (`FakeServerOptions.announce`),
    /// and serves until stopped; one that cannot start says why and exits with status 2.
    package func serveUntilStopped(toolName: String) async {
        do {
            FakeServerOptions.announce(toolName: toolName, url: try start())
        } catch {
            FileHandle.standardError.write(Data("\(toolName): cannot start: \(error)\n".utf8))
            exit(2)
        }
        await waitUntilStopped()
    }

    /// Arms a fault for the next calls (or until cleared); `path` limits it to calls whose path
    /// starts with it. Armed faults apply in the order armed.
    package func inject(_ fault: Fault, lifetime: FaultLifetime = .once, path: String? = nil) {
        core.faults.arm(fault, lifetime: lifetime, pathPrefix: path)
    }

    package func clearFaults() { core.faults.clear() }

    /// A base URL whose every connection meets `behaviour` once its request is read: the
    /// transport faults the fake's own port cannot produce. The same listener per behaviour.
    package func startRawUpstream(_ behaviour: RawUpstreamBehaviour) throws -> URL {
        try core.startRawUpstream(behaviour)
    }

    /// Body bytes that raw listener has sent so far (huge and truncated bodies), for tests that
    /// check a client stopped reading.
    package func rawUpstreamBodyBytesSent(_ behaviour: RawUpstreamBehaviour) -> Int {
        core.rawUpstreamBodyBytesSent(behaviour)
    }

    /// Calls to one path, or to every API path when nil; faulted and refused calls included,
    /// admin calls not.
    package func callCount(path: String? = nil) -> Int { core.calls.count(path: path) }

    /// The latest calls (up to 200), oldest first, with their headers.
    package var recordedCalls: [RecordedCall] { core.calls.recent }

    package func resetCallCounts() { core.calls.reset() }
}

import Foundation
import TestSupport
import HTTPServer
import XCTest

/// Starts the real server on an ephemeral loopback port for one test, with its log captured.
final class TestServer: Sendable {
    let server: HTTPServer
    let port: UInt16
    let logSink = LogSink.capturing()

    init(limits: HTTPLimits = HTTPLimits(), host: String = "127.0.0.1", grace: Duration = .seconds(10),
         eventLoopCount: Int = 2, problemTypePrefix: String? = nil, connectionLimitExempt: [IPRange] = [],
         routes: (inout RouterBuilder) -> Void = TestServer.standardRoutes) throws {
        var builder = RouterBuilder()
        routes(&builder)
        var configuration = HTTPServerConfiguration(host: host, port: 0)
        configuration.limits = limits
        configuration.eventLoopCount = eventLoopCount
        configuration.shutdownGracePeriod = grace
        configuration.connectionLimitExempt = connectionLimitExempt
        if let problemTypePrefix { configuration.problemTypePrefix = problemTypePrefix }
        server = HTTPServer(configuration: configuration, responder: builder.build(),
                            logger: Logger(level: .info, sink: logSink))
        port = try server.start()
    }

    func client(timeout: Double = eventTimeoutSeconds) throws -> RawClient { try RawClient(port: port, timeout: timeout) }

    /// A client connecting from the loopback address `source` (127.0.0.2, say).
    func client(from source: String, timeout: Double = eventTimeoutSeconds) throws -> RawClient {
        try RawClient(port: port, from: source, timeout: timeout)
    }

    func stop() async { await server.shutdown() }

    /// Routes most tests use: health, echo of method/path/query/body, a slow one and a failing one.
    static func standardRoutes(_ router: inout RouterBuilder) {
        router.get("/healthz") { _ in .json("{\"status\":\"ok\"}") }
        router.get("/echo/{word}") { request in
            .json("{\"word\":\"\(request.pathParameters["word"] ?? "")\",\"q\":\"\(request.query["q"] ?? "")\"}")
        }
        router.post("/echo") { request in
            HTTPResponse(status: .ok, contentType: "application/octet-stream", body: request.body)
        }
        router.get("/sleep") { request in
            let millis = Int(request.query["ms"] ?? "1000") ?? 1000
            try await Task.sleep(for: .milliseconds(millis))
            return .json("{\"slept_ms\":\(millis)}")
        }
        router.get("/fail") { _ in throw TestFailure() }
        router.get("/big") { request in
            let size = Int(request.query["bytes"] ?? "0") ?? 0
            return HTTPResponse(status: .ok, contentType: "application/octet-stream", body: [UInt8](repeating: 0x61, count: size))
        }
    }

    struct TestFailure: Error {}

    /// Starts a server that is shut down when the test ends, also when an assertion throws.
    static func started(for test: XCTestCase, limits: HTTPLimits = HTTPLimits(), problemTypePrefix: String? = nil,
                        connectionLimitExempt: [IPRange] = [],
                        routes: (inout RouterBuilder) -> Void = TestServer.standardRoutes) throws -> TestServer {
        let server = try TestServer(limits: limits, problemTypePrefix: problemTypePrefix,
                                    connectionLimitExempt: connectionLimitExempt, routes: routes)
        test.addTeardownBlock { await server.stop() }
        return server
    }
}

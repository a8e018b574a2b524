import API
import Foundation
@testable import GifBFFApp
@testable import HTTPServer
import TestSupport
import XCTest

/// Issue 44.1 through the app: `GIF_BFF_MAX_CONNECTIONS_PER_CLIENT` caps each address's
/// connections, and the proxies of `GIF_BFF_TRUSTED_PROXIES` are spared (they carry many clients).
final class ClientConnectionCapTests: XCTestCase {
    func testTheSettingCapsAClientAndSparesATrustedProxy() async throws {
        let proxy = try TrustedProxies(parsing: "127.0.0.2")
        let api = try APIHarness(self) { configuration in
            configuration.server.limits.maxConnectionsPerClient = 2
            configuration.trustedProxies = proxy
        }
        let port = api.app.port
        let fromProxy = try (0..<4).map { _ in try RawClient(port: port, from: "127.0.0.2", timeout: 5) }
        for client in fromProxy {
            try client.send(request("GET", "/healthz"))
            XCTAssertEqual(try client.readResponse().status, 200, "the trusted proxy is not capped")
        }
        let held = try (0..<2).map { _ in try RawClient(port: port, from: "127.0.0.3", timeout: 5) }
        try await waitUntil("the server holds the client's two") { api.app.server.connectionsPerLoop.reduce(0, +) == 6 }
        let refused = try RawClient(port: port, from: "127.0.0.3", timeout: 5).readResponse()
        assertProblem(refused, 429, "too_many_client_connections")
        XCTAssertEqual(refused.header("Retry-After"), "1")
        XCTAssertEqual(held.count, 2)
    }

    func testTheDefaultCapIs256() {
        XCTAssertEqual(Configuration().server.limits.maxConnectionsPerClient, 256)
    }
}

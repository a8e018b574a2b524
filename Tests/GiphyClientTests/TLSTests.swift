import Foundation
import Glibc
import Service
import Model
@testable import GiphyClient
import TestSupport
import XCTest

/// HTTPS through the libcurl transport: a server whose certificate no authority signed is
/// refused (verification is on), as `unavailable` naming TLS. No internet: the server is
/// `openssl s_server` on loopback with a certificate made for the test.
final class TLSTests: XCTestCase {
    func testAnUntrustedCertificateIsRefused() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
            throw XCTSkip("no /usr/bin/openssl to serve HTTPS on loopback")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-bff-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                                     "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder.appendingPathComponent("k.pem").path,
                                     "-out", folder.appendingPathComponent("c.pem").path])
        // A port free now: a random one could be another server's, which then answered instead.
        let port = Int(try FreePort.loopback())
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        server.arguments = ["s_server", "-quiet", "-www", "-accept", "127.0.0.1:\(port)",
                            "-cert", folder.appendingPathComponent("c.pem").path, "-key", folder.appendingPathComponent("k.pem").path]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        addTeardownBlock {
            // s_server does not stop on SIGTERM.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        try await waitForListener(port: port)
        XCTAssertTrue(server.isRunning, "openssl s_server is not what listens on port \(port)")

        let baseURL = try XCTUnwrap(URL(string: "https://127.0.0.1:\(port)/v1"))
        let client = GiphyClient(configuration: GiphyClientConfiguration(apiKey: "k", baseURL: baseURL, deadline: .seconds(5)))
        let error = await upstreamError { try await client.trending(TrendingRequest(offset: 0, limit: 5)) }
        guard case .unavailable(let reason)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(reason.contains("no trusted TLS connection to GIPHY"), reason)
    }

    private func run(_ path: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(path) \(arguments.joined(separator: " "))")
    }

    /// Until a TCP connect to the port succeeds (at most 5 s).
    private func waitForListener(port: Int) async throws {
        for _ in 0..<100 {
            if (try? RawClient(port: UInt16(port), timeout: 1)) != nil { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTFail("openssl s_server did not listen on \(port)")
    }
}

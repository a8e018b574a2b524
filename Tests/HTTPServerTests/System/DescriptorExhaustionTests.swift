import Foundation
import Glibc
import TestSupport
import XCTest

/// Issue 16.8: under a low descriptor limit, a new client is answered 503 at once instead of
/// waiting, and the warning about it is not repeated for every refused client. The server runs
/// as a child process (transport-bench-server) under `ulimit -n`, so the limit is its own.
final class DescriptorExhaustionTests: XCTestCase {
    /// With the default connection limit derived from RLIMIT_NOFILE, 400 clients that send nothing
    /// do not exhaust descriptors: past the limit each new one takes the place of one silent longest
    /// (issue 44.1), and the next client is served at once: while the silent clients that fit are
    /// still there, not once their head timeout (10 s) has freed room.
    func testDefaultConnectionLimitFitsTheDescriptorLimit() throws {
        let child = try startServer(descriptorLimit: 256)
        let idle = try child.connectIdle(400)
        usleep(300_000)
        let open = Self.stillOpen(idle)
        let next = try RawClient(port: child.port, timeout: eventTimeoutSeconds)
        try next.send(request("GET", "/healthz"))
        let response = try next.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertGreaterThan(open, 100)
        XCTAssertGreaterThanOrEqual(Self.stillOpen(idle), open / 2, "answered while the silent clients that fit were still there")
        // Refused by the connection limit, not by running out: descriptors were left for the rest.
        XCTAssertFalse(child.errorText().contains("out of descriptors"), child.errorText())
        XCTAssertEqual(idle.count, 400)
    }

    /// When something else has used the descriptors the transport reserves, the spare descriptor
    /// still lets each waiting client be answered 503, and the warning is rate-limited.
    func testOutOfDescriptorsNewClientsGet503AndTheWarningIsRateLimited() throws {
        let child = try startServer(descriptorLimit: 256, maxConnections: 1000, holdDescriptors: 150)
        let idle = try child.connectIdle(200)
        usleep(300_000)
        let open = Self.stillOpen(idle)
        for _ in 0..<5 {
            let next = try RawClient(port: child.port, timeout: eventTimeoutSeconds)
            try next.send(request("GET", "/healthz"))
            let response = try next.readResponse()
            XCTAssertEqual(response.status, 503)
            XCTAssertEqual(response.json?["code"] as? String, "too_many_connections")
        }
        // Refused while the descriptors were still taken: not served once the silent clients' head
        // timeout (10 s) had given some back.
        XCTAssertGreaterThan(open, 50)
        XCTAssertGreaterThanOrEqual(Self.stillOpen(idle), open / 2, "refused while the silent clients still held their descriptors")
        let warnings = child.errorText().components(separatedBy: "out of descriptors").count - 1
        XCTAssertGreaterThanOrEqual(warnings, 1)
        XCTAssertLessThanOrEqual(warnings, 2, child.errorText())
        XCTAssertEqual(idle.count, 200)
    }

    /// How many of `clients` the server has not closed.
    private static func stillOpen(_ clients: [RawClient]) -> Int {
        clients.filter { !$0.closes(within: 0) }.count
    }

    // MARK: - The child server

    struct ChildServer {
        let port: UInt16
        let errorFile: URL

        func errorText() -> String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

        /// Idle clients; a refused one fails with what the child wrote to stderr, since a refusal
        /// there means the child is gone (it once happened under TSan, with nothing else to go on).
        func connectIdle(_ count: Int) throws -> [RawClient] {
            try (0..<count).map { index in
                do {
                    return try RawClient(port: port, timeout: 2)
                } catch {
                    throw ChildServerFailure(description: "client \(index + 1) of \(count): \(error); the child's stderr: \(errorText())")
                }
            }
        }
    }

    struct ChildServerFailure: Error, CustomStringConvertible {
        let description: String
    }

    private func startServer(descriptorLimit: Int, maxConnections: Int? = nil, holdDescriptors: Int = 0) throws -> ChildServer {
        let binary = try serverBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fd-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let body = folder.appendingPathComponent("body.json")
        try Data("{}".utf8).write(to: body)
        let output = folder.appendingPathComponent("out.txt")
        let errors = folder.appendingPathComponent("err.txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let limitArgument = maxConnections.map { " \($0)" } ?? ""
        process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec '\(binary.path)' 0 '\(body.path)'\(limitArgument)"
            + " > '\(output.path)' 2> '\(errors.path)'"]
        process.environment = ["TRANSPORT_BENCH_HOLD_DESCRIPTORS": "\(holdDescriptors)"].merging(Sanitizer.childEnvironment) { $1 }
        try process.run()
        let pid = process.processIdentifier
        addTeardownBlock {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if let range = text.range(of: "listening on 127.0.0.1:"),
               let port = UInt16(text[range.upperBound...].prefix { $0.isNumber }) {
                return ChildServer(port: port, errorFile: errors)
            }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        throw ChildServerFailure(description: "transport-bench-server did not start: "
            + ((try? String(contentsOf: errors, encoding: .utf8)) ?? ""))
    }

    /// SwiftPM puts the executable next to the test bundle in the build products folder.
    private func serverBinary() throws -> URL {
        var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
        for folder in candidates {
            let url = folder.appendingPathComponent("transport-bench-server")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        // A failure, not a skip: a missing server must not let the test pass silently.
        throw ChildServerFailure(description: "transport-bench-server not found in \(candidates.map(\.path))")
    }
}
